import sanitizeHtml from 'sanitize-html';
import type { ElementType } from 'react';
import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS, DROPPED_WITH_CONTENT, linkAttributes, sanitizeInBrowser } from './shopHtmlAllowList';

// The server sanitizes with sanitize-html; the browser with its own parser (shopHtmlAllowList.ts), as
// sanitize-html weighs ~70 KB gzip (vite.config.ts keeps it out of the client bundle).
const SERVER_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }),
  },
  disallowedTagsMode: 'discard',
};

/**
 * The server's recent answers: the same descriptions and CMS texts are rendered again and again, and
 * sanitize-html parses each one whole. Keyed by the HTML itself, so a changed text is sanitized anew.
 */
const sanitizedOnServer = new Map<string, string>();
const KEPT_ON_SERVER = 500;

function sanitizeOnServer(html: string): string {
  let clean = sanitizedOnServer.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html, SERVER_OPTIONS);
    if (sanitizedOnServer.size >= KEPT_ON_SERVER) sanitizedOnServer.delete(sanitizedOnServer.keys().next().value as string);
    sanitizedOnServer.set(html, clean);
  }
  return clean;
}

/** Shop HTML reduced to the allow-list; the only way shop HTML reaches the page. */
export function sanitizeShopHtml(html: string): string {
  // Node has no DOMParser: the server (and vitest) take sanitize-html.
  return typeof DOMParser === 'undefined' ? sanitizeOnServer(html) : sanitizeInBrowser(html);
}

interface ShopHtmlProps {
  html: string | null | undefined;
  /** the wrapping element (default div) */
  as?: ElementType;
  className?: string;
  id?: string;
}

/**
 * Renders HTML written in the shop's back office after sanitizing it. Nowhere else in the storefront may
 * use dangerouslySetInnerHTML.
 */
export function ShopHtml({ html, as: Element = 'div', className, id }: ShopHtmlProps) {
  if (!html) return null;
  return <Element className={className} id={id} dangerouslySetInnerHTML={{ __html: sanitizeShopHtml(html) }} />;
}
