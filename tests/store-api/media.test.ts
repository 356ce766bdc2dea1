import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resizedMediaUrl, resizeWidth } from '../../store-api/src/media';
import { ORIGIN, openContentFixture, type ContentFixture } from './content-fixture';

let shop: ContentFixture;
beforeAll(() => {
  shop = openContentFixture();
});
afterAll(() => shop.close());

const encode = (source: string) => Buffer.from(encodeURIComponent(source), 'utf8').toString('base64url');

describe('media files', () => {
  it('serves a media file with its content type, an ETag and a long immutable cache', async () => {
    const res = await shop.call('GET', '/media/fi/xt/banner.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(res.body).toString('utf8')).toContain('<svg');

    const again = await shop.call('GET', '/media/fi/xt/banner.svg', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for missing files and for every path traversal attempt', async () => {
    const attempts = [
      '/media/fi/xt/missing.svg',
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/..%2fsecret.txt',
      '/media/fi/..%2f..%2fsecret.txt',
      '/thumbnail/%2e%2e%2fsecret.txt',
      '/media/%00.svg',
      '/media/fi/xt',
    ];
    for (const path of attempts) {
      const res = await shop.call('GET', path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('media resize route', () => {
  it('rounds the width up to a multiple of 100, defaults to 800 and caps at 1900', () => {
    expect(resizeWidth(750)).toBe(800);
    expect(resizeWidth(801)).toBe(900);
    expect(resizeWidth(undefined)).toBe(800);
    expect(resizeWidth(2560)).toBe(1900);
    expect(resizedMediaUrl('http://shop.test/', '/media/a.svg', 333)).toBe(`http://shop.test/media-resize/${encode('/media/a.svg')}?width=400&format=webp`);
  });

  it('renders our SVG as a webp of the rounded width and caches it on disk', async () => {
    const res = await shop.call('GET', `/media-resize/${encode(`${ORIGIN}/media/fi/xt/banner.svg`)}?width=750&format=webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(res.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(400);
    const cacheDir = join(shop.config.mediaDir, 'resized');
    expect(existsSync(cacheDir)).toBe(true);
    expect(readdirSync(cacheDir, { recursive: true }).some((f) => String(f).endsWith('.webp'))).toBe(true);

    // The same request again is served from the cache with the same bytes.
    const cached = await shop.call('GET', `/media-resize/${encode(`${ORIGIN}/media/fi/xt/banner.svg`)}?width=750&format=webp`);
    expect(Buffer.compare(Buffer.from(cached.body), Buffer.from(res.body))).toBe(0);
  });

  it('accepts a plain path and png, and caps a wide source at 1900', async () => {
    const res = await shop.call('GET', `/media-resize/${encode('/media/fi/xt/banner.svg')}?width=4000&format=png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(res.body).metadata()).width).toBe(1900);
  });

  it('refuses remote sources (400) and never fetches them', async () => {
    for (const source of ['https://evil.example/media/fi/xt/banner.svg', '//evil.example/media/x.svg', 'file:///etc/passwd']) {
      const res = await shop.call('GET', `/media-resize/${encode(source)}?width=400`);
      expect(res.status, source).toBe(400);
    }
  });

  it('answers 400 for a malformed source and 404 for an unknown or non-media one', async () => {
    expect((await shop.call('GET', '/media-resize/not*base64?width=400')).status).toBe(400);
    expect((await shop.call('GET', `/media-resize/${encode('/media/fi/xt/banner.svg')}?width=abc`)).status).toBe(400);
    expect((await shop.call('GET', `/media-resize/${encode('/media/fi/xt/none.svg')}`)).status).toBe(404);
    expect((await shop.call('GET', `/media-resize/${encode('/secret.txt')}`)).status).toBe(404);
    expect((await shop.call('GET', `/media-resize/${encode('/media/../secret.txt')}`)).status).toBe(404);
  });
});
