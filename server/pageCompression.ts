import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

const gzipWhole = promisify(gzip);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * A page's HTML is one finished string when it leaves the storefront: gzipped here in one zlib call and sent in one
 * write, instead of chunk by chunk through hono's compress() (a CompressionStream and a socket write per chunk cost
 * about 4 ms of CPU per 100 KB page, issue 24). Only HTML whose request takes gzip at full weight — every browser's
 * "gzip, deflate, br" —, under the rules compress() applies; it leaves everything else to compress(), which must be
 * used before this (outer), so it sees the Content-Encoding set here and stands aside.
 */
export function compressPages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (
      c.req.method === 'HEAD' ||
      response.status === 206 ||
      !response.body ||
      !/^\s*text\/html(?:[;\s]|$)/i.test(response.headers.get('content-type') ?? '') ||
      response.headers.has('content-encoding') ||
      response.headers.has('transfer-encoding') ||
      NO_TRANSFORM.test(response.headers.get('cache-control') ?? '') ||
      !takesGzip(c.req.header('accept-encoding'))
    ) {
      return;
    }
    const body = await gzipWhole(Buffer.from(await response.arrayBuffer()));
    const headers = new Headers(response.headers);
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    headers.delete('content-length');
    headers.set('content-encoding', 'gzip');
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    c.res = undefined; // hono merges the headers of the old response into a new one unless it is unset first
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** Whether compress() would choose gzip for this Accept-Encoding: gzip (or `*`) at q=1. */
function takesGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const accepts = parseAccept(acceptEncoding);
  const q = accepts.find((accept) => accept.type.toLowerCase() === 'gzip')?.q ?? accepts.find((accept) => accept.type === '*')?.q ?? 0;
  return q === 1;
}
