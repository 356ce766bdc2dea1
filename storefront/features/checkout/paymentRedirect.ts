import type { ShopLocale } from '../../platform/i18n/locales';
import { SERVICE_PAGES } from '../../platform/i18n/contentPages';

/** The contact page of the footer (SPEC §2 footer links), for the unpaid page's "contact us". */
export const CONTACT_PATHS: Record<ShopLocale, string> = SERVICE_PAGES.contact;

/**
 * Sends the shopper where handlePayment said: the payment provider's page, or for invoice and prepayment
 * the shop's paid page. Always a full page load: the provider's page is no page of this app, and the paid
 * page must show the order as the server has it now, not as this tab's store last saw it.
 */
export function followPaymentRedirect(redirectUrl: string): void {
  window.location.assign(new URL(redirectUrl, window.location.href).href);
}

/** Only http(s) targets are followed: a javascript: or data: URL from anywhere is refused (SPEC §8). */
export function isFollowableUrl(redirectUrl: string): boolean {
  try {
    const url = new URL(redirectUrl, 'http://shop.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
