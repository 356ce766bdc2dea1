import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { SwissQRBill } from 'swissqrbill/svg';
import { readCookie, type StoreApiTarget } from '../gateway/src/context';
import { qrBillData, type PaymentSlip } from '../store-api/src/domain/payment-slip';

// The account area's files (SPEC §2 account/order: invoices and the files of digital products). The
// shopper's Store API session lives in an HttpOnly cookie, so the browser cannot call the Store API with it;
// these same-origin routes call it for the browser, with that session's context token only:
//
//   GET /account/document/{documentId}            → Store API GET /document/download/{id}/{deepLinkCode}
//   GET /account/download/{orderId}/{downloadId}  → Store API GET /order/download/{orderId}/{downloadId}
//   GET /account/order/{orderId}/qr-bill.svg       → the QR-bill of the session's own order paid by transfer,
//                                                    drawn by swissqrbill from the order's paymentSlip (issue 19)
//
// A document is found among the session's own orders (POST /order), which gives its deepLinkCode: another
// session's document is simply not there. Every refusal (no session, not the session's, not paid yet,
// unknown) answers the same 404, so nothing tells one case from another. Answers are never cached.

const SHOPWARE_ID = /^[0-9a-f]{32}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const LANGUAGE_ID = /^[0-9a-f]{32}$/;
/** Orders searched for a document: 10 pages of 100 (SPEC §9: pages of at most 100). */
const ORDER_PAGES = 10;
const ORDER_PAGE_SIZE = 100;

const NOT_FOUND_TEXT = 'Nicht gefunden · Non trovato · Introuvable';
const UNAVAILABLE_TEXT = 'Zurzeit nicht verfügbar · Al momento non disponibile · Momentanément indisponible';

const NEVER_CACHED = { 'cache-control': 'private, no-store', pragma: 'no-cache', 'x-content-type-options': 'nosniff' } as const;

function textAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...NEVER_CACHED } });
}

/** A file name for content-disposition: what the Store API said, reduced to safe characters. */
function safeDisposition(value: string | null, fallbackName: string): string {
  const match = /^(inline|attachment)\s*;\s*filename="?([^";]+)"?/i.exec(value ?? '');
  const kind = match?.[1]?.toLowerCase() === 'inline' ? 'inline' : 'attachment';
  const name = (match?.[2] ?? fallbackName).replace(/[^\w.-]/g, '_').slice(0, 150) || fallbackName;
  return `${kind}; filename="${name}"`;
}

interface OrderListAnswer {
  orders?: {
    elements?: { id: string; documents?: { id: string; deepLinkCode?: string }[]; extensions?: { 'pharmacy-shop'?: { paymentSlip?: PaymentSlip | null } } }[];
    total?: number;
  };
}

/** The QR-bill's own labels come from swissqrbill; the payment's message names the order in the page's language. */
const QR_BILL_LANGUAGES = { de: { language: 'DE', order: 'Bestellung' }, it: { language: 'IT', order: 'Ordine' }, fr: { language: 'FR', order: 'Commande' } } as const;
type QrBillLocale = keyof typeof QR_BILL_LANGUAGES;

/** An SVG shown as an image: nothing in it may load or run. */
const SVG_HEADERS = { 'content-type': 'image/svg+xml; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", ...NEVER_CACHED } as const;

export interface AccountFilesOptions {
  /** the Store API the gateway uses (the embedded one in process, or STORE_API_URL) */
  target: StoreApiTarget;
  logger?: Logger;
}

/** The two routes as one fetch handler (tests call it directly); `mountAccountFiles` puts it on the server. */
export function createAccountFiles(options: AccountFilesOptions): {
  document(request: Request, documentId: string): Promise<Response>;
  download(request: Request, orderId: string, downloadId: string): Promise<Response>;
  qrBill(request: Request, orderId: string, locale: string | undefined): Promise<Response>;
} {
  const { target, logger } = options;

  function storeHeaders(request: Request, token: string): Record<string, string> {
    const languageId = readCookie(request.headers.get('cookie'), 'sw-language-id');
    return {
      'sw-access-key': target.accessKey,
      'sw-context-token': token,
      ...(languageId && LANGUAGE_ID.test(languageId) ? { 'sw-language-id': languageId } : {}),
    };
  }

  function sessionToken(request: Request): string | null {
    const token = readCookie(request.headers.get('cookie'), 'sw-context-token');
    return token && TOKEN.test(token) ? token : null;
  }

  async function call(path: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), target.timeoutMs);
    try {
      return await target.fetch(new Request(`${target.baseUrl}${path}`, { ...init, signal: controller.signal }));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The Store API's file answer, passed on with its type and name, never cached. */
  function passOn(answer: Response, fallbackName: string): Response {
    return new Response(answer.body, {
      status: 200,
      headers: {
        'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
        'content-disposition': safeDisposition(answer.headers.get('content-disposition'), fallbackName),
        ...(answer.headers.get('content-length') ? { 'content-length': answer.headers.get('content-length')! } : {}),
        ...NEVER_CACHED,
      },
    });
  }

  function refused(answer: Response, what: string): Response {
    void answer.body?.cancel().catch(() => {});
    if (answer.status >= 500) {
      logger?.warn({ status: answer.status, what }, 'account files: the Store API failed');
      return textAnswer(503, UNAVAILABLE_TEXT);
    }
    return textAnswer(404, NOT_FOUND_TEXT);
  }

  /** The deepLinkCode of a document of the session's own orders; null when none of them has it. */
  async function deepLinkCodeOf(request: Request, token: string, documentId: string): Promise<string | null | Response> {
    for (let page = 1; page <= ORDER_PAGES; page += 1) {
      const answer = await call('/order', {
        method: 'POST',
        headers: { ...storeHeaders(request, token), 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ page, limit: ORDER_PAGE_SIZE, associations: { documents: {} } }),
      });
      if (!answer.ok) return refused(answer, 'order list');
      const list = ((await answer.json()) as OrderListAnswer).orders;
      const elements = list?.elements ?? [];
      for (const order of elements) {
        const document = (order.documents ?? []).find((d) => d.id === documentId);
        if (document?.deepLinkCode) return document.deepLinkCode;
      }
      if (elements.length < ORDER_PAGE_SIZE || page * ORDER_PAGE_SIZE >= (list?.total ?? 0)) return null;
    }
    return null;
  }

  async function guarded(what: string, run: () => Promise<Response>): Promise<Response> {
    try {
      return await run();
    } catch (error) {
      logger?.warn({ what, error: error instanceof Error ? error.name : 'unknown' }, 'account files: the Store API did not answer');
      return textAnswer(503, UNAVAILABLE_TEXT);
    }
  }

  return {
    document: (request, documentId) =>
      guarded('document', async () => {
        const token = sessionToken(request);
        if (!token || !SHOPWARE_ID.test(documentId)) return textAnswer(404, NOT_FOUND_TEXT);
        const code = await deepLinkCodeOf(request, token, documentId);
        if (code instanceof Response) return code;
        if (!code || !TOKEN.test(code)) return textAnswer(404, NOT_FOUND_TEXT);
        const answer = await call(`/document/download/${documentId}/${encodeURIComponent(code)}`, { method: 'GET', headers: storeHeaders(request, token) });
        return answer.ok ? passOn(answer, `document-${documentId}.pdf`) : refused(answer, 'document');
      }),
    download: (request, orderId, downloadId) =>
      guarded('download', async () => {
        const token = sessionToken(request);
        if (!token || !SHOPWARE_ID.test(orderId) || !SHOPWARE_ID.test(downloadId)) return textAnswer(404, NOT_FOUND_TEXT);
        const answer = await call(`/order/download/${orderId}/${downloadId}`, { method: 'GET', headers: storeHeaders(request, token) });
        return answer.ok ? passOn(answer, `download-${downloadId}`) : refused(answer, 'download');
      }),
    qrBill: (request, orderId, locale) =>
      guarded('qr-bill', async () => {
        const token = sessionToken(request);
        if (!token || !SHOPWARE_ID.test(orderId)) return textAnswer(404, NOT_FOUND_TEXT);
        const answer = await call('/order', {
          method: 'POST',
          headers: { ...storeHeaders(request, token), 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ limit: 1, filter: [{ type: 'equals', field: 'id', value: orderId }] }),
        });
        if (!answer.ok) return refused(answer, 'order');
        const order = ((await answer.json()) as OrderListAnswer).orders?.elements?.find((element) => element.id === orderId);
        const slip = order?.extensions?.['pharmacy-shop']?.paymentSlip;
        if (!slip) return textAnswer(404, NOT_FOUND_TEXT);
        const texts = QR_BILL_LANGUAGES[(locale && locale in QR_BILL_LANGUAGES ? locale : 'de') as QrBillLocale];
        const svg = new SwissQRBill(qrBillData(slip, texts.order), { language: texts.language }).toString();
        return new Response(svg, { status: 200, headers: SVG_HEADERS });
      }),
  };
}

/** Mounts GET /account/document/{documentId}, /account/download/{orderId}/{downloadId} and /account/order/{orderId}/qr-bill.svg. */
export function mountAccountFiles(app: Hono, options: AccountFilesOptions): void {
  const files = createAccountFiles(options);
  app.get('/account/document/:documentId', (c) => files.document(c.req.raw, c.req.param('documentId')));
  app.get('/account/download/:orderId/:downloadId', (c) => files.download(c.req.raw, c.req.param('orderId'), c.req.param('downloadId')));
  app.get('/account/order/:orderId/qr-bill.svg', (c) => files.qrBill(c.req.raw, c.req.param('orderId'), c.req.query('lang')));
}
