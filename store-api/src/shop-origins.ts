// The origins the shop believes (ADR 0022). Shopware gives a sales channel its domains; here they come from
// the environment, once, at start: PUBLIC_ORIGIN (where shoppers reach the shop) and STOREFRONT_ORIGINS (further
// storefronts of the same shop, comma-separated). Every link in a mail, every allowed return URL, every canonical
// link and every same-origin check is taken from them, never from a request's Host or X-Forwarded-Host.

export interface ShopOrigins {
  /** PUBLIC_ORIGIN: links in mails, media URLs and the payment page are built on it */
  primary: string;
  /** the sales channel's domains: `primary` first, then STOREFRONT_ORIGINS (and, left unset locally, loopback aliases) */
  all: readonly string[];
  /** PUBLIC_ORIGIN is an https origin: the shop runs on a public host, and local conveniences default to off */
  publicHost: boolean;
}

export class ShopOriginError extends Error {
  override name = 'ShopOriginError';
}

/** An http(s) origin without path, query or credentials ("https://www.apotheke.example"); anything else stops the start. */
export function originOf(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ShopOriginError(`${name} is not a valid URL: "${raw}". Example: https://www.apotheke.example`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname.replace(/\/+$/, '') !== '') {
    throw new ShopOriginError(`${name} must be an http(s) origin without path, query or credentials, got "${raw}". Example: https://www.apotheke.example`);
  }
  return url.origin;
}

/**
 * The shop's origins from the environment. Without PUBLIC_ORIGIN the shop is a local one on PORT (default
 * `defaultPort`): http://localhost:PORT, also reachable as 127.0.0.1 and [::1], so a newcomer's browser may use
 * any of the three names.
 */
export function readShopOrigins(env: NodeJS.ProcessEnv = process.env, defaultPort = 3000): ShopOrigins {
  const configured = env.PUBLIC_ORIGIN?.trim();
  const further = (env.STOREFRONT_ORIGINS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => originOf('STOREFRONT_ORIGINS', value));
  let primary: string;
  let local: string[] = [];
  if (configured) {
    primary = originOf('PUBLIC_ORIGIN', configured);
  } else {
    const port = env.PORT?.trim() || String(defaultPort);
    if (!/^\d{1,5}$/.test(port)) throw new ShopOriginError(`PORT must be a port number, got "${env.PORT}".`);
    primary = `http://localhost:${port}`;
    local = [`http://127.0.0.1:${port}`, `http://[::1]:${port}`];
  }
  // SHOP_HOST names the shop behind a TLS proxy (canonical links): pages served under it are the shop's own too.
  const shopHost = env.SHOP_HOST?.trim() ? [originOf('SHOP_HOST', `https://${env.SHOP_HOST.trim()}`)] : [];
  return { primary, all: [...new Set([primary, ...local, ...shopHost, ...further])], publicHost: primary.startsWith('https:') };
}

/** Whether `origin` (an Origin header, or a URL's origin) is one of the shop's own. */
export function isShopOrigin(origins: ShopOrigins, origin: string | null | undefined): boolean {
  return !!origin && origins.all.includes(origin.toLowerCase());
}

/**
 * The origin of canonical links and the sitemap (SPEC §2): https and the lowercase host — SHOP_HOST when the shop
 * runs behind a proxy under another name, else PUBLIC_ORIGIN's host. Never the request's Host: a page kept by the
 * page cache must not carry a host some visitor sent.
 */
export function canonicalOrigin(origins: ShopOrigins, shopHost: string | undefined = process.env.SHOP_HOST): string {
  const host = shopHost?.trim() || new URL(origins.primary).host;
  return `https://${host.toLowerCase()}`;
}

/**
 * Whether a state-changing browser request proves it comes from one of the shop's own pages (ADR 0022): the
 * browser's `Sec-Fetch-Site: same-origin`, else its Origin header, else (old browsers that leave Origin out) the
 * Referer's origin, must be the shop's. A request with none of them proves nothing and is refused — cookies or not.
 */
export function provesShopOrigin(request: Request, origins: ShopOrigins): boolean {
  const headers = request.headers;
  if (headers.get('sec-fetch-site') === 'same-origin') return true;
  const origin = headers.get('origin');
  if (origin !== null) return isShopOrigin(origins, origin);
  const referer = headers.get('referer');
  if (!referer) return false;
  try {
    return isShopOrigin(origins, new URL(referer).origin);
  } catch {
    return false;
  }
}
