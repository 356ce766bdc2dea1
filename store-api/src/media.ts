import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import sharp from 'sharp';
import type { StoreApiDeps } from './app';

// Public media files (originals and thumbnails) and the image resize route of SPEC §7/§9.
// Only files under the shop's own media folders are ever read: the resize route never fetches a URL.

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** Media URLs never change content (a new file gets a new path), so browsers may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The folders (below the media dir) that public URLs may point into. */
const PUBLIC_FOLDERS = ['media', 'thumbnail'] as const;

export const RESIZE_DEFAULT_WIDTH = 800;
/** The widest image the resize route renders (the largest thumbnail width, SPEC §9). */
export const RESIZE_MAX_WIDTH = 1900;
const RESIZE_MAX_HEIGHT = 4000;

/**
 * The width an image is served at (SPEC §9): rounded up to a multiple of 100, 800 when none is asked
 * for, and capped at 1900 when the source is wider than 1920. We cap every source at 1900: nothing
 * the shop shows is wider, and an unbounded width would let anyone make the server rasterize huge images.
 */
export function resizeWidth(requested: number | undefined): number {
  const wanted = requested !== undefined && Number.isFinite(requested) && requested > 0 ? requested : RESIZE_DEFAULT_WIDTH;
  return Math.min(Math.ceil(wanted / 100) * 100, RESIZE_MAX_WIDTH);
}

/** The resize URL for a media URL or path, as the storefront builds it: base64url(encodeURIComponent(source)). */
export function resizedMediaUrl(origin: string, sourceUrl: string, width?: number, format: 'webp' | 'png' = 'webp'): string {
  const encoded = Buffer.from(encodeURIComponent(sourceUrl), 'utf8').toString('base64url');
  return `${origin.replace(/\/+$/, '')}/media-resize/${encoded}?width=${resizeWidth(width)}&format=${format}`;
}

/** A path below one of the public folders, resolved inside the media dir; undefined when it escapes or is not public. */
export function publicMediaFile(mediaDir: string, relativePath: string): string | undefined {
  if (relativePath.includes('\0')) return undefined;
  const clean = relativePath.replace(/^\/+/, '');
  const folder = PUBLIC_FOLDERS.find((f) => clean.startsWith(`${f}/`));
  if (!folder) return undefined;
  const root = resolve(mediaDir, folder);
  const file = resolve(mediaDir, clean);
  return file.startsWith(root + sep) ? file : undefined;
}

function decodedPath(c: Context): string | undefined {
  try {
    return decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return undefined;
  }
}

function notFound(c: Context): Response {
  return c.text('Not Found', 404);
}

async function serveFile(c: Context, file: string, contentType: string): Promise<Response> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return notFound(c);
  }
  if (!info.isFile()) return notFound(c);
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': IMMUTABLE,
    etag,
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  // An SVG opened directly must not run script on our origin.
  if (contentType === 'image/svg+xml') headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'";
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['content-length'] = String(info.size);
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(await readFile(file)), { status: 200, headers });
}

class ResizeSourceError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** The media-relative path of a resize source: one of our /media or /thumbnail URLs, absolute or not. */
function resizeSourcePath(encoded: string, shopOrigins: readonly string[]): string {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(encoded) || encoded.length > 4000) {
    throw new ResizeSourceError(400, 'The image source is not base64url.');
  }
  let source: string;
  try {
    source = decodeURIComponent(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new ResizeSourceError(400, 'The image source is not a URI-encoded URL.');
  }
  let url: URL;
  try {
    url = new URL(source, shopOrigins[0]);
  } catch {
    throw new ResizeSourceError(400, 'The image source is not a URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ResizeSourceError(400, 'The image source must be http(s).');
  // Absolute sources must be on one of the shop's configured origins (ADR 0022): the route reads local files only and never fetches.
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) || source.startsWith('//')) {
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (!shopOrigins.some((origin) => new URL(origin).host === url.host) && !loopback) throw new ResizeSourceError(400, 'Remote image sources are not allowed.');
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw new ResizeSourceError(400, 'The image source path is malformed.');
  }
  return path;
}

function positiveInt(value: string | undefined): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,5}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

async function sourceWidth(file: string): Promise<number | undefined> {
  try {
    return (await sharp(file).metadata()).width;
  } catch {
    return undefined;
  }
}

async function renderResized(file: string, width: number, height: number | undefined, format: 'webp' | 'png'): Promise<Buffer> {
  const intrinsic = await sourceWidth(file);
  // Vector sources are rasterised at the density that gives the target width, not scaled up blurry.
  const isSvg = extname(file).toLowerCase() === '.svg';
  const density = isSvg && intrinsic ? Math.min(2400, Math.max(1, Math.ceil((72 * width) / intrinsic))) : undefined;
  const image = sharp(file, density ? { density } : {}).resize({
    width,
    ...(height ? { height, fit: 'inside' as const } : {}),
  });
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 82 }).toBuffer();
}

/** Mounts /media/*, /thumbnail/* and /media-resize/:source on the root app (outside /store-api). */
export function registerMediaRoutes(app: Hono, deps: StoreApiDeps): void {
  const mediaDir = resolve(deps.config.mediaDir);
  const resizedDir = join(mediaDir, 'resized');

  for (const folder of PUBLIC_FOLDERS) {
    app.on(['GET', 'HEAD'], `/${folder}/*`, async (c) => {
      const path = decodedPath(c);
      const file = path === undefined ? undefined : publicMediaFile(mediaDir, path);
      const type = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined;
      if (!file || !type) return notFound(c);
      return serveFile(c, file, type);
    });
  }

  app.on(['GET', 'HEAD'], '/media-resize/:source', async (c) => {
    const format = c.req.query('format') ?? 'webp';
    const requestedWidth = positiveInt(c.req.query('width'));
    const height = positiveInt(c.req.query('height'));
    if (format !== 'webp' && format !== 'png') return c.text('format must be webp or png', 400);
    if (requestedWidth === null || height === null) return c.text('width and height must be positive integers', 400);

    let file: string | undefined;
    try {
      const path = resizeSourcePath(c.req.param('source'), deps.config.origins.all);
      file = publicMediaFile(mediaDir, path);
    } catch (err) {
      if (err instanceof ResizeSourceError) return c.text(err.message, err.status);
      throw err;
    }
    if (!file || !CONTENT_TYPES[extname(file).toLowerCase()]) return notFound(c);
    let info;
    try {
      info = await stat(file);
    } catch {
      return notFound(c);
    }
    if (!info.isFile()) return notFound(c);

    const width = resizeWidth(requestedWidth ?? undefined);
    const boundedHeight = height ? Math.min(height, RESIZE_MAX_HEIGHT) : undefined;
    const key = createHash('sha1')
      .update(`${file}|${Math.floor(info.mtimeMs)}|${width}|${boundedHeight ?? ''}|${format}`)
      .digest('hex');
    const cached = join(resizedDir, key.slice(0, 2), `${key}.${format}`);
    try {
      await stat(cached);
    } catch {
      let rendered: Buffer;
      try {
        rendered = await renderResized(file, width, boundedHeight, format);
      } catch {
        return c.text('The image source cannot be rendered.', 400);
      }
      await mkdir(join(resizedDir, key.slice(0, 2)), { recursive: true });
      // Written under a temporary name and renamed, so a concurrent request never reads half a file.
      const partial = `${cached}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(partial, rendered);
      await rename(partial, cached);
    }
    return serveFile(c, cached, format === 'png' ? 'image/png' : 'image/webp');
  });
}
