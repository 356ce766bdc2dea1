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

/**
 * A one-page PDF (A4, Helvetica) from lines of text, written by hand so the bytes are fixed: no creation date,
 * no random document id. `lines` are [size, text] pairs from the top.
 */
export function simplePdf(title: string, lines: [number, string][]): Buffer {
  let y = 790;
  const content = lines
    .map(([size, text]) => {
      const line = `BT /${size >= 14 ? 'F1' : 'F2'} ${size} Tf 56 ${y} Td (${pdfText(text)}) Tj ET`;
      y -= Math.round(size * 1.6);
      return line;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Apotheke) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The guide a digital product delivers (German, with its name and number). */
export function downloadGuidePdf(product: { product_number: string; name: string }): Buffer {
  return simplePdf(product.name, [
    [20, product.name],
    [10, `Artikelnummer ${product.product_number}`],
    [10, ''],
    [14, 'Ihr Ratgeber zum Herunterladen'],
    [11, 'Vielen Dank für Ihren Kauf. Dieser Ratgeber fasst das Wichtigste zum Thema zusammen.'],
    [11, 'Lesen Sie vor der Anwendung von Arzneimitteln immer die Packungsbeilage.'],
    [11, 'Bei Fragen berät Sie Ihre Apotheke gerne persönlich oder telefonisch.'],
    [10, ''],
    [9, 'Dieser Inhalt ist nur für den persönlichen Gebrauch bestimmt.'],
  ]);
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
