import busboy from 'busboy';
import type { Plugin } from 'graphql-yoga';
import { mediaTypeOf } from '../context';
import { GRAPHQL_MAX_BODY_BYTES, refusalLocale } from '../http-limits';
import type { Locale } from '../languages';

/** One upload (the Store API's limit per prescription file, SPEC §5). */
export const UPLOAD_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Files of one request: the shop's only upload, the prescription pickup (gateway/src/schema/prescription.ts), takes
 * the insurance card and up to 5 prescriptions; the storefront's form sends no more.
 */
export const UPLOAD_MAX_FILES = 6;
/** A whole multipart GraphQL request: every file at its limit plus the operation and form fields. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_FILE_BYTES + 256 * 1024;
/** Fields of one request by the GraphQL multipart request spec besides its files: `operations` and `map`. */
const UPLOAD_MAX_FIELDS = 2;
/** The `map` field names each file's variable paths: one path per file is all the storefront sends. */
const UPLOAD_MAX_MAP_BYTES = 16 * 1024;

type Refusal = { status: 400 | 411 | 413; code: 'BAD_MULTIPART' | 'LENGTH_REQUIRED' | 'REQUEST_TOO_LARGE' | 'UPLOAD_TOO_MANY_PARTS' };

const REFUSAL_MESSAGES: Record<Refusal['code'], Record<Locale, string>> = {
  BAD_MULTIPART: {
    de: 'Die hochgeladenen Daten sind unvollständig oder fehlerhaft. Bitte senden Sie das Formular erneut.',
    it: 'I dati caricati sono incompleti o non validi. Invia di nuovo il modulo.',
    fr: 'Les données envoyées sont incomplètes ou invalides. Veuillez renvoyer le formulaire.',
  },
  LENGTH_REQUIRED: {
    de: 'Eine Anfrage mit Dateien muss ihre Grösse (Content-Length) angeben.',
    it: 'Una richiesta con file deve indicare la sua dimensione (Content-Length).',
    fr: 'Une requête avec des fichiers doit indiquer sa taille (Content-Length).',
  },
  REQUEST_TOO_LARGE: {
    de: `Die Anfrage ist zu gross (höchstens ${Math.floor(UPLOAD_MAX_REQUEST_BYTES / 1024 / 1024)} MB).`,
    it: `La richiesta è troppo grande (al massimo ${Math.floor(UPLOAD_MAX_REQUEST_BYTES / 1024 / 1024)} MB).`,
    fr: `La requête est trop volumineuse (au maximum ${Math.floor(UPLOAD_MAX_REQUEST_BYTES / 1024 / 1024)} Mo).`,
  },
  UPLOAD_TOO_MANY_PARTS: {
    de: `Die Anfrage enthält zu viele Dateien oder Felder (höchstens ${UPLOAD_MAX_FILES} Dateien).`,
    it: `La richiesta contiene troppi file o campi (al massimo ${UPLOAD_MAX_FILES} file).`,
    fr: `La requête contient trop de fichiers ou de champs (au maximum ${UPLOAD_MAX_FILES} fichiers).`,
  },
};

/** The refusal as every other GraphQL refusal: `{ errors: [...] }` with the code and status; the rest of the body is not read. */
function refusalResponse(refusal: Refusal, locale: Locale, fetchAPI: { Response: typeof Response }): Response {
  const { status, code } = refusal;
  return new fetchAPI.Response(JSON.stringify({ errors: [{ message: REFUSAL_MESSAGES[code][locale], extensions: { code, status } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' },
  });
}

/** Paths the `map` field assigns files to; null when it is not the spec's object of path lists (yoga answers that). */
function mappedPaths(map: string): number | null {
  try {
    const parsed = JSON.parse(map) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.values(parsed).reduce<number>((sum, paths) => sum + (Array.isArray(paths) ? paths.length : 1), 0);
  } catch {
    return null;
  }
}

/**
 * Reads a multipart body while counting its parts with busboy (a streaming parser that keeps nothing but counts
 * here), and stops at the first file, field or `map` path over the limits. Answers the body's bytes for yoga's
 * own parser, or the refusal. A flood of tiny parts is thus refused within its first kilobytes, before the
 * whole-body parse (undici's formData) that held the event loop for seconds (issue 17).
 */
async function readWithinPartLimits(request: Request): Promise<{ body: Buffer<ArrayBuffer> } | { refusal: Refusal }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // Every part is a field or a file, so these two bound the parts. (busboy's own `parts` limit is not used: it
      // signals reaching the limit, not passing it, and then skips further parts silently.)
      limits: { files: UPLOAD_MAX_FILES, fields: UPLOAD_MAX_FIELDS, fieldSize: GRAPHQL_MAX_BODY_BYTES, headerPairs: 16 },
    });
  } catch {
    return { refusal: { status: 400, code: 'BAD_MULTIPART' } }; // no boundary
  }
  let refusal: Refusal | undefined;
  const tooMany = () => (refusal ??= { status: 413, code: 'UPLOAD_TOO_MANY_PARTS' });
  parser.on('filesLimit', tooMany).on('fieldsLimit', tooMany);
  parser.on('file', (_name, file: NodeJS.ReadableStream) => file.resume());
  parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
    if (name === 'map' && (info.valueTruncated || value.length > UPLOAD_MAX_MAP_BYTES || (mappedPaths(value) ?? 0) > UPLOAD_MAX_FILES)) tooMany();
    else if (info.valueTruncated) refusal ??= { status: 413, code: 'REQUEST_TOO_LARGE' };
  });
  const closed = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      refusal ??= { status: 400, code: 'BAD_MULTIPART' };
      resolve();
    });
  });
  const chunks: Uint8Array[] = [];
  const reader = request.body?.getReader();
  if (!reader) return { refusal: { status: 400, code: 'BAD_MULTIPART' } };
  while (!refusal) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    // Waiting for each write keeps busboy's events in step with the bytes read, so counting stops where the limit is.
    await new Promise<void>((resolve) => parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength), () => resolve()));
  }
  if (refusal) {
    reader.cancel().catch(() => {});
    parser.destroy();
    return { refusal };
  }
  parser.end();
  await closed;
  return refusal ? { refusal } : { body: Buffer.concat(chunks) };
}

/**
 * Limits of multipart requests (GraphQL multipart request spec), checked before yoga parses the body:
 * - the request must declare its Content-Length (the HTTP server then never reads more than that) and stay within
 *   UPLOAD_MAX_REQUEST_BYTES; otherwise 411/413 without reading it;
 * - at most UPLOAD_MAX_FILES files and `map` paths besides the two fields; otherwise 413 UPLOAD_TOO_MANY_PARTS as soon
 *   as the part over the limit begins, and a body busboy cannot read is 400 BAD_MULTIPART.
 * The gateway's rate limit counts a multipart request before this (plugins/rate-limits.ts, onRequest).
 */
export function useUploadLimits(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== 'POST') return;
      if (mediaTypeOf(request) !== 'multipart/form-data') return;
      const length = Number(request.headers.get('content-length') ?? NaN);
      if (!Number.isFinite(length)) return endResponse(refusalResponse({ status: 411, code: 'LENGTH_REQUIRED' }, refusalLocale(request), fetchAPI));
      if (length > UPLOAD_MAX_REQUEST_BYTES) return endResponse(refusalResponse({ status: 413, code: 'REQUEST_TOO_LARGE' }, refusalLocale(request), fetchAPI));
    },
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      if (request.method !== 'POST' || mediaTypeOf(request) !== 'multipart/form-data' || !requestParser) return;
      const yogaParser = requestParser;
      setRequestParser(async (received: Request) => {
        const read = await readWithinPartLimits(received);
        if ('refusal' in read) return refusalResponse(read.refusal, refusalLocale(received), fetchAPI);
        return yogaParser(new fetchAPI.Request(received.url, { method: received.method, headers: received.headers, body: read.body }));
      });
    },
  };
}
