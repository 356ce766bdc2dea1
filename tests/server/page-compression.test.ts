import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { compressPages } from '../../server/pageCompression';

// Pages are gzipped in one go (server/pageCompression.ts), everything else by hono's compress(), as server/index.ts
// mounts them: a browser gets the same page, once compressed, with the headers compress() would give it.

const PAGE = `<!doctype html><html><head><title>Dafalgan</title></head><body>${'<p>Paracetamol 500 mg, 16 Tabletten</p>'.repeat(200)}</body></html>`;

function shop(): Hono {
  const app = new Hono();
  app.use('*', compress());
  app.use('*', compressPages());
  app.get('/page', () => new Response(PAGE, { headers: { 'content-type': 'text/html;charset=utf-8', vary: 'cookie' } }));
  app.get('/private', () => new Response(PAGE, { headers: { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'private, no-transform' } }));
  app.get('/data.json', (c) => c.json({ text: PAGE }));
  return app;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('page compression', () => {
  it('sends a browser the page gzipped once, with Vary: Accept-Encoding', async () => {
    const response = await shop().request('/page', { headers: BROWSER });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('cookie, Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(PAGE.length / 10);
    expect(gunzipSync(body).toString('utf8')).toBe(PAGE);
  });

  it('sends the page as it is to a client without gzip, and leaves a HEAD request alone', async () => {
    const plain = await shop().request('/page', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
    const head = await shop().request('/page', { method: 'HEAD', headers: BROWSER });
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('leaves deflate-only clients, no-transform answers and other types to compress()', async () => {
    const deflate = await shop().request('/page', { headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers.get('content-encoding')).toBe('deflate');
    const noTransform = await shop().request('/private', { headers: BROWSER });
    expect(noTransform.headers.get('content-encoding')).toBeNull();
    expect(await noTransform.text()).toBe(PAGE);
    const json = await shop().request('/data.json', { headers: BROWSER });
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await json.arrayBuffer())).toString('utf8'))).toEqual({ text: PAGE });
  });
});
