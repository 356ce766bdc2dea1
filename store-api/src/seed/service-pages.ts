import type { MediaLibrary } from './media-images';
import type { TableWriter } from './table-writer';

// The fetched content pages under /s/… (customer service, contact, about us, career): articles of type 'content'.

export function seedServicePages(w: TableWriter, media: MediaLibrary): void {
  void w;
  void media;
}
