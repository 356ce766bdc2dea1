import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stableId } from '../ids';
import { seedDate } from './reference-data';
import { slugify } from './slugs';
import type { TableWriter, Tr } from './table-writer';

// Seed images are drawn as small SVG files (no fonts or external references), so the catalogue
// needs no downloads. Thumbnails are the same drawing at the widths of the resize rule (SPEC §9).
// Banners carry no words: their headline is HTML over the picture (CMS slot fields), translated and
// readable on a phone however the picture is cropped. Packshots show the pack of the product's form.

export const THUMBNAIL_WIDTHS = [400, 800, 1900] as const;

export type ImageKind = 'package' | 'package-back' | 'banner' | 'logo';

/** The pack a product comes in, drawn on its packshot. */
export type PackShape = 'box' | 'bottle' | 'tube' | 'blister' | 'sachet' | 'sheet';

export interface ImageRequest {
  /** Stable key of the image (its id is derived from it). */
  key: string;
  kind: ImageKind;
  /** File name stem, e.g. the product name. */
  fileName: string;
  /** Large text on packshots and logos (XML-escaped when drawn); banners carry no text. */
  label?: string;
  sublabel?: string;
  /** Packshots: the second line under the brand, e.g. the product's kind. */
  detail?: string;
  /** Packshots: the pack drawn (a box when not given). */
  shape?: PackShape;
  color: string;
  /** Packshots: the second colour of the pack. */
  accent?: string;
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
  const label = escapeXml(request.label ?? '');
  const color = request.color;
  if (request.kind === 'banner') {
    return `${open}<rect width="${width}" height="${height}" fill="${color}"/>` +
      `<circle cx="${width - 300}" cy="200" r="420" fill="#fff" opacity=".12"/>` +
      `<circle cx="${width - 120}" cy="${height - 80}" r="260" fill="#fff" opacity=".1"/>` +
      `<circle cx="${width * 0.55}" cy="${height + 120}" r="380" fill="#000" opacity=".06"/>` +
      `<path d="M${width - 620} ${height / 2 - 90}h120v-120h120v120h120v120h-120v120h-120v-120h-120z" fill="#fff" opacity=".85"/></svg>`;
  }
  if (request.kind === 'logo') {
    return `${open}<rect width="${width}" height="${height}" fill="#fff"/>` +
      `<circle cx="420" cy="500" r="260" fill="${color}"/>` +
      `<text x="420" y="560" ${FONT} font-size="180" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(request.label ?? ''))}</text>` +
      `<text x="760" y="560" ${FONT} font-size="170" font-weight="700" fill="${color}">${label}</text></svg>`;
  }
  const pack = PACKS[request.shape ?? 'box'];
  const accent = request.accent ?? color;
  const x = pack.labelCenter ?? 1000;
  const top = pack.labelTop;
  const text = (y: number, size: number, fill: string, line: string, bold = true) =>
    `<text x="${x}" y="${y}" ${FONT} font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${fill}" text-anchor="middle">${line}</text>`;
  let lettering: string;
  if (request.kind === 'package-back') {
    // The back: brand and the grey lines of the printed information.
    lettering = text(top + 120, 88, color, label) +
      [0, 1, 2, 3].map((i) => `<rect x="${x - 360}" y="${top + 190 + i * 70}" width="${720 - (i % 2) * 160}" height="26" rx="13" fill="#aab7b8"/>`).join('');
  } else {
    // The front: brand large, what the product is on up to two lines, strength and pack below.
    // About 48 px a character at 84 px bold: the lines stay inside the label.
    const detail = twoLines(request.detail ?? '', Math.floor(pack.labelWidth / 48)).map(escapeXml);
    lettering = text(top + 130, 120, color, label) +
      detail.map((line, i) => text(top + 250 + i * 100, 84, '#1b2631', line)).join('') +
      (request.sublabel ? text(top + 260 + detail.length * 100, 62, '#34495e', escapeXml(request.sublabel), false) : '');
  }
  return `${open}<rect width="${width}" height="${height}" fill="#f4f6f5"/>` +
    `<ellipse cx="1000" cy="1800" rx="720" ry="60" fill="#000" opacity=".08"/>` +
    pack.draw(color, accent) +
    `<rect x="${x - pack.labelWidth / 2}" y="${top}" width="${pack.labelWidth}" height="${LABEL_HEIGHT}" rx="24" fill="#fff"/>` +
    lettering + (pack.front?.() ?? '') + '</svg>';
}

/** Room for the brand, two lines of the product and its strength and pack. */
const LABEL_HEIGHT = 540;

const FONT = 'font-family="Helvetica, Arial, sans-serif"';

interface PackDrawing {
  /** The pack itself, behind its white label. */
  draw: (color: string, accent: string) => string;
  /** Drawn over the label (a blister strip in front of its box). */
  front?: () => string;
  labelTop: number;
  labelWidth: number;
  /** The label's middle (the pack's middle when not given). */
  labelCenter?: number;
}

/** One drawing per pack: the label sits on the front at the same size, so every product name stays legible. */
const PACKS: Record<PackShape, PackDrawing> = {
  box: {
    draw: (color, accent) =>
      `<path d="M380 360l120-120h1160l-120 120z" fill="${accent}"/><path d="M1540 360l120-120v1400l-120 120z" fill="${accent}" opacity=".8"/>` +
      `<rect x="380" y="360" width="1160" height="1400" fill="${color}"/><rect x="380" y="1560" width="1160" height="200" fill="${accent}"/>`,
    labelTop: 620, labelWidth: 1040,
  },
  blister: {
    draw: (color, accent) => `<rect x="260" y="300" width="1080" height="1300" fill="${color}"/><rect x="260" y="1420" width="1080" height="180" fill="${accent}"/>`,
    front: () =>
      `<rect x="1220" y="760" width="560" height="1040" rx="30" fill="#d5dbdb" stroke="#aab7b8" stroke-width="8"/>` +
      [0, 1, 2, 3, 4].flatMap((row) => [0, 1].map((col) => `<ellipse cx="${1360 + col * 280}" cy="${880 + row * 190}" rx="95" ry="70" fill="#fff" stroke="#aab7b8" stroke-width="6"/>`)).join(''),
    labelTop: 480, labelWidth: 900, labelCenter: 760,
  },
  bottle: {
    draw: (color, accent) =>
      `<rect x="820" y="160" width="360" height="220" rx="30" fill="${accent}"/><rect x="880" y="370" width="240" height="120" fill="${color}" opacity=".8"/>` +
      `<path d="M880 480h240c280 40 340 140 340 300v900c0 60-40 100-100 100H640c-60 0-100-40-100-100V780c0-160 60-260 340-300z" fill="${color}"/>`,
    labelTop: 820, labelWidth: 860,
  },
  tube: {
    draw: (color, accent) =>
      `<path d="M420 260h1160l-120 1260H540z" fill="${color}"/><rect x="400" y="200" width="1200" height="90" rx="16" fill="${accent}"/>` +
      `<rect x="800" y="1510" width="400" height="260" rx="40" fill="${accent}"/>`,
    labelTop: 500, labelWidth: 900,
  },
  sachet: {
    draw: (color, accent) =>
      `<path d="M380 300${zigzag(380, 1620, 300)}V1700${zigzag(1620, 380, 1700)}z" fill="${color}"/>` +
      `<rect x="380" y="1460" width="1240" height="160" fill="${accent}"/>`,
    labelTop: 560, labelWidth: 1040,
  },
  sheet: {
    draw: (color, accent) =>
      `<path d="M460 200h860l220 220v1380H460z" fill="#fff" stroke="${color}" stroke-width="14"/><path d="M1320 200v220h220z" fill="${accent}"/>` +
      `<rect x="460" y="1560" width="1080" height="240" fill="${color}"/>`,
    labelTop: 520, labelWidth: 1000,
  },
};

/** The serrated edge of a sealed sachet, from x1 to x2 at height y. */
function zigzag(x1: number, x2: number, y: number): string {
  const step = x2 > x1 ? 40 : -40;
  let path = '';
  for (let x = x1 + step, up = true; step > 0 ? x <= x2 : x >= x2; x += step, up = !up) path += `L${x} ${y + (up ? -24 : 0)}`;
  return path;
}
