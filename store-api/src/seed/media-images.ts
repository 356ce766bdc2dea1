import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stableId } from '../ids';
import { seedDate } from './reference-data';
import { slugify } from './slugs';
import type { TableWriter, Tr } from './table-writer';

// Seed images are drawn as small SVG files (no fonts or external references), so the catalogue
// needs no downloads. Thumbnails are the same drawing at the widths of the resize rule (SPEC §9).

export const THUMBNAIL_WIDTHS = [400, 800, 1900] as const;

export type ImageKind = 'package' | 'package-back' | 'banner' | 'logo';

export interface ImageRequest {
  /** Stable key of the image (its id is derived from it). */
  key: string;
  kind: ImageKind;
  /** File name stem, e.g. the product name. */
  fileName: string;
  /** Large text on the image (XML-escaped when drawn). */
  label: string;
  sublabel?: string;
  color: string;
  alt: Tr;
  title: Tr;
}

export interface SeededImage {
  id: string;
  /** Relative to the media folder, e.g. `media/ab/cd/name.svg`. */
  path: string;
  thumbnailPaths: Record<number, string>;
}

interface PendingFile {
  path: string;
  content: string;
}

const SIZES: Record<ImageKind, { width: number; height: number }> = {
  package: { width: 2000, height: 2000 },
  'package-back': { width: 2000, height: 2000 },
  banner: { width: 2400, height: 1000 },
  logo: { width: 2000, height: 1000 },
};

/** Creates media rows now and writes the files after the database transaction. */
export class MediaLibrary {
  private readonly pending: PendingFile[] = [];
  private readonly createdAt = seedDate(400);

  constructor(private readonly w: TableWriter) {}

  add(request: ImageRequest): SeededImage {
    const id = stableId('media', request.key);
    const { width, height } = SIZES[request.kind];
    const stem = `${slugify(request.fileName).slice(0, 60) || 'bild'}-${id.slice(0, 6)}`;
    // 256 × 16 folders: few enough that creating them stays cheap, many enough for 100,000 files.
    const folder = `${id.slice(6, 8)}/0${id.slice(8, 9)}`;
    const path = `media/${folder}/${stem}.svg`;
    const original = drawImage(request, width, height);
    this.pending.push({ path, content: original });
    this.w.insert('media', {
      id, path, file_name: stem, file_extension: 'svg', mime_type: 'image/svg+xml',
      file_size: Buffer.byteLength(original), width, height, created_at: this.createdAt,
    });
    this.w.translations('media_translation', { media_id: id }, (l) => ({ alt: request.alt[l], title: request.title[l] }));
    const thumbnailPaths: Record<number, string> = {};
    for (const thumbWidth of THUMBNAIL_WIDTHS) {
      const thumbHeight = Math.round((height * thumbWidth) / width);
      const thumbPath = `thumbnail/${folder}/${stem}_${thumbWidth}x${thumbHeight}.svg`;
      thumbnailPaths[thumbWidth] = thumbPath;
      this.pending.push({ path: thumbPath, content: resize(original, width, height, thumbWidth, thumbHeight) });
      this.w.insert('media_thumbnail', {
        id: stableId('media_thumbnail', id, thumbWidth), media_id: id, width: thumbWidth, height: thumbHeight, path: thumbPath,
      });
    }
    return { id, path, thumbnailPaths };
  }

  get fileCount(): number {
    return this.pending.length;
  }

  writeFiles(mediaDir: string): void {
    const made = new Set<string>();
    for (const file of this.pending) {
      const target = join(mediaDir, file.path);
      const folder = dirname(target);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(target, file.content);
    }
    this.pending.length = 0;
  }
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function resize(svg: string, width: number, height: number, toWidth: number, toHeight: number): string {
  return svg.replace(`width="${width}" height="${height}"`, `width="${toWidth}" height="${toHeight}"`);
}

/** Splits a name into at most two lines of about `max` characters. */
function twoLines(text: string, max: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1]!;
    if (current && (current + ' ' + word).length > max) {
      if (lines.length === 2) {
        lines[1] = `${current} ${word}`.slice(0, max - 1) + '…';
        break;
      }
      lines.push(word);
    } else {
      lines[lines.length - 1] = current ? `${current} ${word}` : word;
    }
  }
  return lines;
}

function initials(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => /^[A-Za-zÀ-ÿ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function drawImage(request: ImageRequest, width: number, height: number): string {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;
  const label = escapeXml(request.label);
  const sub = escapeXml(request.sublabel ?? '');
  const color = request.color;
  const font = 'font-family="Helvetica, Arial, sans-serif"';
  if (request.kind === 'banner') {
    return `${open}<rect width="${width}" height="${height}" fill="${color}"/>` +
      `<circle cx="${width - 300}" cy="200" r="420" fill="#fff" opacity=".12"/>` +
      `<circle cx="${width - 120}" cy="${height - 80}" r="260" fill="#fff" opacity=".1"/>` +
      `<text x="160" y="${height / 2 + 40}" ${font} font-size="140" font-weight="700" fill="#fff">${label}</text>` +
      `<text x="160" y="${height / 2 + 160}" ${font} font-size="64" fill="#fff" opacity=".85">${sub}</text></svg>`;
  }
  if (request.kind === 'logo') {
    return `${open}<rect width="${width}" height="${height}" fill="#fff"/>` +
      `<circle cx="420" cy="500" r="260" fill="${color}"/>` +
      `<text x="420" y="560" ${font} font-size="180" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(request.label))}</text>` +
      `<text x="760" y="560" ${font} font-size="170" font-weight="700" fill="${color}">${label}</text></svg>`;
  }
  const lines = twoLines(request.label, 22).map(escapeXml);
  const back = request.kind === 'package-back';
  return `${open}<rect width="${width}" height="${height}" fill="#f4f6f5"/>` +
    `<ellipse cx="1000" cy="1720" rx="640" ry="60" fill="#000" opacity=".08"/>` +
    `<rect x="420" y="260" width="1160" height="1440" rx="40" fill="${back ? '#fff' : color}" stroke="${color}" stroke-width="16"/>` +
    `<rect x="420" y="760" width="1160" height="460" fill="${back ? color : '#fff'}" opacity=".95"/>` +
    `<circle cx="1000" cy="520" r="150" fill="#fff" opacity="${back ? 1 : 0.9}" stroke="${color}" stroke-width="${back ? 16 : 0}"/>` +
    `<text x="1000" y="578" ${font} font-size="150" font-weight="700" fill="${color}" text-anchor="middle">${escapeXml(initials(request.label))}</text>` +
    lines.map((line, i) => `<text x="1000" y="${1025 - (lines.length - 1) * 60 + i * 120}" ${font} font-size="96" font-weight="700" fill="${back ? '#fff' : '#223'}" text-anchor="middle">${line}</text>`).join('') +
    `<text x="1000" y="1480" ${font} font-size="72" fill="${back ? color : '#fff'}" text-anchor="middle">${sub}</text></svg>`;
}
