import type { PayloadError, UploadableMap, Variables } from 'relay-runtime';

/** One persisted operation: relay-compiler's SHA-256 id (the text only when persistence is off). */
export interface PersistedOperation {
  id: string;
  text?: string | null;
  variables: Variables;
}

export interface GraphQLPayload {
  data?: Record<string, unknown> | null;
  errors?: Array<PayloadError & { path?: ReadonlyArray<string | number>; extensions?: { code?: string; status?: number; upstreamStatus?: number } }>;
}

/** The body the gateway reads: the id as a persisted query (Yoga/Apollo's extensions shape). */
export function gatewayRequestBody(operation: PersistedOperation): string {
  return JSON.stringify({
    ...(operation.text ? { query: operation.text } : {}),
    variables: operation.variables,
    extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } },
  });
}

/**
 * A mutation with files (Relay `uploadables`, keyed by the variable's path: "insuranceCard", "prescriptions.0")
 * as a GraphQL multipart request: `operations` (the files' variables null), `map`, then one part per file.
 */
export function multipartBody(operation: PersistedOperation, uploadables: UploadableMap): FormData {
  const form = new FormData();
  const entries = Object.entries(uploadables);
  form.append('operations', gatewayRequestBody(operation));
  form.append('map', JSON.stringify(Object.fromEntries(entries.map(([path], i) => [String(i), [`variables.${path}`]]))));
  entries.forEach(([, file], i) => form.append(String(i), file));
  return form;
}

/** Tells the gateway the language of the page (it wins over the language cookie): see gateway/src/context.ts. */
export const PAGE_LOCALE_HEADER = 'x-shop-locale';

/** The language of the page on screen, from `<html lang="fr-CH">`. */
function shownPageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang.slice(0, 2) || undefined;
}

/**
 * The browser's call to /graphql (client navigation, mutations). Same origin, JSON: the gateway's CSRF rule
 * passes. `locale` is the language of the page the answer is for (default: the page on screen).
 */
export async function fetchFromGateway(operation: PersistedOperation, locale = shownPageLocale(), uploadables?: UploadableMap | null): Promise<GraphQLPayload> {
  try {
    const multipart = uploadables && Object.keys(uploadables).length > 0 ? multipartBody(operation, uploadables) : null;
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        // multipart: the browser writes the content type with its boundary; the header passes the CSRF rule
        ...(multipart ? { 'x-graphql-csrf': '1' } : { 'content-type': 'application/json' }),
        accept: 'application/graphql-response+json, application/json',
        ...(locale ? { [PAGE_LOCALE_HEADER]: locale } : {}),
      },
      body: multipart ?? gatewayRequestBody(operation),
    });
    return (await response.json()) as GraphQLPayload;
  } catch {
    // The network failed (offline, server gone): SPEC §8 calls it status 0; the page shows the 502 text.
    return { data: null, errors: [{ message: 'network error', extensions: { code: 'STORE_API_UNREACHABLE', status: 0 } }] };
  }
}

/**
 * SPEC §8 error pages: the gateway's error code of a failed page query → the page's HTTP status. The Store
 * API's own 503 (or the gateway's circuit breaker refusing calls, which says the same) is the "very busy"
 * 503 page, its 502/504 the "retry in seconds" 502 page, though SPEC §8 reports both as status 500.
 */
export function errorStatusOf(code: string | undefined, status: number | undefined, upstreamStatus?: number): number {
  // The shop's back end lacks the service (a Shopware without the shop plugin, ADR 0027): "not offered", not a crash.
  if (code === 'SERVICE_NOT_AVAILABLE') return 501;
  if (code === 'STORE_API_TIMEOUT' || status === 408) return 408;
  if (code === 'STORE_API_UNREACHABLE' || status === 0) return 502;
  if (status === 503 || upstreamStatus === 503 || code === 'TOO_MANY_REQUESTS' || status === 429) return 503;
  if (status === 502 || status === 504 || upstreamStatus === 502 || upstreamStatus === 504) return 502;
  return 500;
}

/**
 * 200 when the page has its data; otherwise the status of the first error that emptied a root field
 * (errors further down leave a usable page: a failed menu still shows the product).
 */
export function pageStatusOf(payload: GraphQLPayload): number {
  const errors = payload.errors ?? [];
  if (payload.data && errors.every((error) => (error.path?.length ?? 0) > 1 || payload.data?.[String(error.path?.[0])] != null)) return 200;
  const first = errors.find((error) => (error.path?.length ?? 0) <= 1) ?? errors[0];
  return errorStatusOf(first?.extensions?.code, first?.extensions?.status, first?.extensions?.upstreamStatus);
}
