import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../db/connection';
import { stableId } from '../ids';
import { DEFAULT_LANGUAGE_ID } from '../known-ids';

// The files digital products deliver: one small PDF guide per product of type 'digital', with the same bytes
// on every machine. They live in DATA_DIR/private/downloads — outside the public media folders, so no /media
// URL reaches them — and are served only by /store-api/order/download once the order is paid.

/** Below DATA_DIR: never one of the public media folders (media/, thumbnail/). */
export const PRIVATE_DIR = 'private';
const DOWNLOADS_FOLDER = 'downloads';

interface DigitalProduct {
  id: string;
  product_number: string;
  name: string;
}

export interface DownloadFileRow {
  id: string;
  product_id: string;
  position: number;
  file_name: string;
  path: string;
  mime_type: string;
  file_size: number;
}

/** Latin-1 (the WinAnsi range of the standard fonts) with PDF string escapes; other characters become '?'. */
function pdfText(text: string): string {
  const plain = text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-');
  let out = '';
  for (const ch of plain) {
    const code = ch.codePointAt(0)!;
    const safe = code <= 0xff ? ch : '?';
    out += safe === '\\' || safe === '(' || safe === ')' ? `\\${safe}` : safe;
  }
  return out;
}

type PdfLine = [size: number, text: string];

/** Splits running text into lines of at most `max` characters (Helvetica at 10–11 pt fills A4 at about 90). */
function wrapped(size: number, text: string, max = 90): PdfLine[] {
  const lines: PdfLine[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && `${current} ${word}`.length > max) {
      lines.push([size, current]);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push([size, current]);
  return lines;
}

/**
 * A PDF (A4, Helvetica) of one or more pages from lines of text, written by hand so the bytes are fixed: no
 * creation date, no random document id, and the seed stays synchronous. Each page is [size, text] pairs from the top.
 */
export function simplePdf(title: string, pages: PdfLine[][]): Buffer {
  const pageCount = pages.length;
  // Objects: 1 catalog, 2 pages, 3 and 4 fonts, 5 info, then a page and its content stream per page.
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${pdfText(title)}) /Producer (Apotheke) >>`,
  ];
  pages.forEach((lines, index) => {
    let y = 790;
    const content = [...lines, [8, `${index + 1} / ${pageCount}`] as PdfLine]
      .map(([size, text], i) => {
        const footer = i === lines.length;
        const line = `BT /${size >= 14 ? 'F1' : 'F2'} ${size} Tf ${footer ? 290 : 56} ${footer ? 40 : y} Td (${pdfText(text)}) Tj ET`;
        y -= Math.round(size * 1.6);
        return line;
      })
      .join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + index * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

// A balanced week of about 1800 kcal a day (the Swiss food pyramid): each week shifts the dishes by a few days.
const BREAKFASTS = [
  'Haferflocken mit Joghurt, Beeren und Baumnüssen',
  'Vollkornbrot mit Frischkäse, Gurke und einem Ei',
  'Birchermüesli mit Apfel und Haselnüssen',
  'Quark mit Leinsamen, Banane und Zimt',
  'Roggenbrot mit Hüttenkäse und Tomate',
  'Porridge mit Birne und Mandeln',
  'Vollkornbrötchen mit Avocado und Radieschen',
];
const LUNCHES = [
  'Linsensalat mit Feta, Peperoni und Vollkornbrot',
  'Vollkornpasta mit Tomatensauce, Zucchetti und Parmesan',
  'Pouletbrust mit Quinoa und Ofengemüse',
  'Kichererbsen-Curry mit Spinat und Naturreis',
  'Lachsfilet mit Kartoffeln und Broccoli',
  'Gemüse-Risotto mit Erbsen und Bergkäse',
  'Rindsgeschnetzeltes mit Pilzen und Vollkornnudeln',
];
const DINNERS = [
  'Gemüsesuppe mit Bohnen und einem Stück Brot',
  'Omelette mit Spinat und Blattsalat',
  'Ofenkartoffel mit Kräuterquark und Rohkost',
  'Tofu mit Wokgemüse und Reis',
  'Griechischer Salat mit Kichererbsen',
  'Forelle mit Fenchel und Salzkartoffeln',
  'Kürbissuppe mit Kernen und Vollkornbrot',
];
const SNACKS = ['ein Apfel', 'eine Handvoll Nüsse', 'Naturjoghurt', 'Karotten mit Hummus', 'eine Birne', 'ein Glas Milch', 'Beeren'];

/** What a digital product delivers: a four-week meal plan in German, one page per week, with its name and number. */
export function downloadGuidePdf(product: { product_number: string; name: string }): Buffer {
  const cover: PdfLine[] = [
    [20, product.name],
    [10, `Artikelnummer ${product.product_number}`],
    [10, ''],
    [14, 'Ihr 4-Wochen-Ernährungsplan'],
    ...wrapped(11, 'Vielen Dank für Ihren Kauf. Dieser Plan begleitet Sie vier Wochen lang mit ausgewogenen Mahlzeiten nach der Schweizer Lebensmittelpyramide: viel Gemüse und Früchte, Vollkorn, genug Eiweiss und wenig Zucker. Die Mahlzeiten liefern zusammen etwa 1800 kcal pro Tag.'),
    [10, ''],
    [14, 'So verwenden Sie den Plan'],
    ...wrapped(11, '1. Planen Sie jeden Sonntag die Woche und kaufen Sie mit der Einkaufsliste auf der letzten Seite ein.'),
    ...wrapped(11, '2. Trinken Sie über den Tag verteilt 1,5 bis 2 Liter Wasser oder ungesüssten Tee.'),
    ...wrapped(11, '3. Tauschen Sie Gerichte innerhalb einer Woche frei, aber nicht Gemüse gegen Süsses.'),
    ...wrapped(11, '4. Bewegen Sie sich täglich mindestens 30 Minuten, z. B. zügig spazieren oder Velo fahren.'),
    [10, ''],
    ...wrapped(9, 'Bei Diabetes, Nierenerkrankungen, in der Schwangerschaft oder wenn Sie Medikamente einnehmen, besprechen Sie Ernährungsumstellungen bitte zuerst mit Ihrer Ärztin, Ihrem Arzt oder in Ihrer Apotheke.'),
  ];
  const weeks: PdfLine[][] = [0, 1, 2, 3].map((week) => [
    [16, `Woche ${week + 1}`],
    [10, ''],
    ...DAYS.flatMap((day, d): PdfLine[] => {
      const pick = (dishes: string[]) => dishes[(d + week * 3) % dishes.length]!;
      return [
        [12, day],
        [10, `Frühstück: ${pick(BREAKFASTS)}`],
        [10, `Mittagessen: ${pick(LUNCHES)}`],
        [10, `Abendessen: ${pick(DINNERS)}`],
        [10, `Zwischendurch: ${pick(SNACKS)}`],
      ];
    }),
  ]);
  const shopping: PdfLine[] = [
    [16, 'Einkaufsliste für jede Woche'],
    [10, ''],
    ...[
      'Gemüse: Zucchetti, Broccoli, Spinat, Peperoni, Tomaten, Gurke, Fenchel, Karotten, Blattsalat',
      'Früchte: Äpfel, Birnen, Bananen, Beeren (auch tiefgekühlt)',
      'Vollkorn: Haferflocken, Vollkornbrot, Vollkornpasta, Naturreis, Quinoa',
      'Eiweiss: Eier, Joghurt, Quark, Hüttenkäse, Linsen, Kichererbsen, Tofu, Poulet, Lachs oder Forelle',
      'Fette: Rapsöl, Olivenöl, Baumnüsse, Mandeln, Leinsamen',
    ].flatMap((line) => wrapped(11, line)),
    [10, ''],
    [14, 'Gut zu wissen'],
    ...wrapped(11, 'Ein Kilo Körpergewicht weniger pro Monat ist ein gesundes Tempo. Wer schneller abnimmt, verliert oft Muskeln statt Fett. Bei Fragen berät Sie Ihre Apotheke gerne persönlich oder telefonisch.'),
    [10, ''],
    [9, 'Dieser Inhalt ist nur für den persönlichen Gebrauch bestimmt.'],
  ];
  return simplePdf(product.name, [cover, ...weeks, shopping]);
}

function fileNameOf(productNumber: string): string {
  return `${productNumber.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-ratgeber.pdf`;
}

/** The absolute file of a download, kept inside DATA_DIR/private (undefined for a path that escapes it). */
export function privateFile(dataDir: string, relativePath: string): string | undefined {
  const root = resolve(dataDir, PRIVATE_DIR);
  const file = resolve(root, relativePath);
  return file.startsWith(root + sep) ? file : undefined;
}

/**
 * Gives every digital product one download file: rows in download_file and the PDFs on disk. Run inside the
 * seed's transaction (after the catalogue); idempotent for products that already have their file.
 */
export function seedProductDownloads(db: Db, dataDir: string): number {
  const products = db
    .prepare(
      `SELECT p.id, p.product_number, COALESCE(t.name, p.product_number) AS name FROM product p
       LEFT JOIN product_translation t ON t.product_id = p.id AND t.language_id = ?
       WHERE p.type = 'digital' AND NOT EXISTS (SELECT 1 FROM download_file d WHERE d.product_id = p.id)
       ORDER BY p.product_number`,
    )
    .all(DEFAULT_LANGUAGE_ID) as DigitalProduct[];
  const insert = db.prepare('INSERT INTO download_file (id, product_id, position, file_name, path, mime_type, file_size) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const product of products) {
    const bytes = downloadGuidePdf(product);
    const fileName = fileNameOf(product.product_number);
    const path = `${DOWNLOADS_FOLDER}/${fileName}`;
    insert.run(stableId('download_file', product.id, 1), product.id, 1, fileName, path, 'application/pdf', bytes.length);
    const file = privateFile(dataDir, path)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return products.length;
}

/**
 * The bytes of a download file: read from disk, or rebuilt (and written back) when missing — e.g. in a copy
 * of the database whose private folder was not copied. Rebuilding gives the same bytes as the seed wrote.
 */
export function downloadFileBytes(db: Db, dataDir: string, file: DownloadFileRow, read: (path: string) => Buffer | undefined): Buffer | undefined {
  const absolute = privateFile(dataDir, file.path);
  if (!absolute) return undefined;
  const stored = read(absolute);
  if (stored) return stored;
  const product = db
    .prepare(
      `SELECT p.product_number, COALESCE(t.name, p.product_number) AS name FROM product p
       LEFT JOIN product_translation t ON t.product_id = p.id AND t.language_id = ? WHERE p.id = ?`,
    )
    .get(DEFAULT_LANGUAGE_ID, file.product_id) as { product_number: string; name: string } | undefined;
  if (!product) return undefined;
  const bytes = downloadGuidePdf(product);
  try {
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, bytes);
  } catch {
    // read-only data dir: serve the rebuilt bytes anyway
  }
  return bytes;
}

export function downloadsDir(dataDir: string): string {
  return join(dataDir, PRIVATE_DIR, DOWNLOADS_FOLDER);
}
