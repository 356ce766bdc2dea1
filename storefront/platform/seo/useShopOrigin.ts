import { usePageContext } from 'vike-react/usePageContext';

/**
 * The shop's public origin (https, lowercase host — SPEC §2) for absolute links: canonical, hreflang,
 * structured data. The server knows it from the request; the browser reads the canonical link the server
 * wrote, so both render the same.
 */
export function useShopOrigin(): string {
  const { shopOrigin } = usePageContext();
  if (shopOrigin) return shopOrigin;
  if (typeof document === 'undefined') return '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : `https://${window.location.host.toLowerCase()}`;
}
