import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_BODY_BYTES } from '../../gateway/src/http-limits';
import { openMountedGateway } from '../support/gateway';

// Issue 8: /graphql as mounted on the shop's server (gateway/src/mount.ts) refuses oversized and malformed
// bodies with a 4xx JSON error — no stack trace, nothing executed — and keeps answering afterwards.

let app: Hono;
let close: () => void;

beforeAll(async () => {
  ({ app, close } = await openMountedGateway());
});
afterAll(() => close?.());

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }, init: RequestInit = {}) {
  return app.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers, body, ...init }));
}

/** A body sent in chunks without Content-Length (Transfer-Encoding: chunked). */
function streamed(text: string): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  return {
    body: new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        controller.close();
      },
    }),
    duplex: 'half',
  };
}

async function expectJsonError(response: Response, status: number, code?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const text = await response.text();
  const body = JSON.parse(text) as { errors: { message: string; extensions?: { code?: string } }[] };
  expect(body.errors[0]!.message).toBeTruthy();
  if (code) expect(body.errors[0]!.extensions?.code).toBe(code);
  // Nothing about the server's insides.
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack/i);
}

const BIG = JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(GRAPHQL_MAX_BODY_BYTES) } });

describe('GraphQL request bodies', () => {
  it('refuses a body over the limit by its Content-Length, before reading it', async () => {
    await expectJsonError(await post(BIG, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(BIG)) }), 413, 'REQUEST_TOO_LARGE');
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const { body, duplex } = streamed(BIG);
    await expectJsonError(await post(body, { 'content-type': 'application/json' }, { duplex } as RequestInit), 413, 'REQUEST_TOO_LARGE');
  });

  it('still runs a chunked body within the limit', async () => {
    const { body, duplex } = streamed(JSON.stringify({ query: '{ __typename }' }));
    const response = await post(body, { 'content-type': 'application/json' }, { duplex } as RequestInit);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers malformed bodies with a JSON error', async () => {
    await expectJsonError(await post('{"query": "{ __typename }"'), 400);
    await expectJsonError(await post('{"query": 42}'), 400);
    await expectJsonError(await post('{"query": ["{ __typename }"]}'), 400);
    await expectJsonError(await post('[{"query": "{ __typename }"}]'), 400);
    await expectJsonError(await post('null'), 400);
    await expectJsonError(await post('{"query": "{ __typename }"}', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectJsonError(await post('<xml/>', { 'content-type': 'application/xml' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectJsonError(await post('{"query": "{ __typename ", "variables": "x"}'), 400);
  });

  it('keeps answering afterwards', async () => {
    const response = await post(JSON.stringify({ query: '{ __typename }' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
