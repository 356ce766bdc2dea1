// Shop HTML allow-list, and the browser's sanitizer built on it. Self-contained (no imports): the e2e
// suite loads this very file into Chromium to check the browser's sanitizer against the server's.

/**
 * The allow-list for HTML that comes from the shop (CMS texts, product descriptions): structure and
 * emphasis, lists, simple tables, and links to http(s), mailto, tel or shop-relative targets. Everything
 * else — scripts, styles, event handlers, iframes, images, javascript:/data: URLs — is dropped.
 */
export const ALLOWED_TAGS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 'a', 'br', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'sup', 'sub', 'blockquote', 'hr'];
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title', 'target', 'rel'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] };
export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];
/** Tags dropped with their content (the others not allowed are unwrapped: their text stays). */
export const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'];
/** A heading h1 belongs to the page; shop texts start at h2. */
export const RENAMED: Record<string, string> = { h1: 'h2' };

/** The attributes a link keeps: a new tab must not hand the shop's window to the other site. */
export function linkAttributes(attributes: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = { ...attributes };
  if (result.target && result.target !== '_blank') delete result.target;
  if (/^https?:/i.test(result.href ?? '') || result.target === '_blank') result.rel = 'noopener noreferrer';
  return result;
}

/** Whether an href may stay: relative, or one of the allowed schemes (no protocol-relative //host). */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = href.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
  if (compact.startsWith('//') || compact.startsWith('\\\\') || compact.startsWith('/\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.includes(scheme);
}

/**
 * The same allow-list with the browser's own parser: sanitize-html weighs ~70 KB gzip in a bundle, and
 * the browser only needs this on client navigation (the server's output is hydrated as it is).
 * DOMParser documents are inert: nothing in them loads or runs.
 */
export function sanitizeInBrowser(html: string): string {
  // Opening <body> first keeps leading <noscript>/<style> in the body, where sanitize-html sees them too.
  const source = new DOMParser().parseFromString(`<body>${html}`, 'text/html').body;
  const target = document.implementation.createHTMLDocument('');
  const copy = (from: Node, to: Node): void => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        to.appendChild(target.createTextNode(node.textContent ?? ''));
        continue;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const element = node as Element;
      const name = element.tagName.toLowerCase();
      if (DROPPED_WITH_CONTENT.includes(name)) continue;
      const tag = RENAMED[name] ?? name;
      if (!ALLOWED_TAGS.includes(tag)) {
        copy(element, to);
        continue;
      }
      let attributes: Record<string, string> = {};
      for (const attribute of Array.from(element.attributes)) {
        if (!ALLOWED_ATTRIBUTES[tag]?.includes(attribute.name)) continue;
        if (attribute.name === 'href' && !isSafeHref(attribute.value)) continue;
        attributes[attribute.name] = attribute.value;
      }
      if (tag === 'a') attributes = linkAttributes(attributes);
      const clean = target.createElement(tag);
      for (const [name2, value] of Object.entries(attributes)) clean.setAttribute(name2, value);
      copy(element, clean);
      to.appendChild(clean);
    }
  };
  const container = target.createElement('div');
  copy(source, container);
  return container.innerHTML;
}
