import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { canonicalListingUrl, LISTING_KEYS, listingParamsFromUrl, listingUrl, type ListingChange, type ListingParams } from './listingUrl';

export interface ListingUrlState {
  /** The page's path and query as the shopper sees it (with the language prefix). */
  currentUrl: string;
  /** What the URL asks for (the page query was read with the same). */
  params: ListingParams;
  /** The URL after a change, for links (pagination) that work without JavaScript too. */
  hrefFor(change: ListingChange): string;
  /** Applies a change: a client-side navigation, so the page's one query runs again and back works. */
  change(change: ListingChange): void;
  /** Sends a listing's GET form as the enhanced page: to the URL the server leads the plain form's submit to. */
  submit(form: HTMLFormElement): void;
}

/** The listing state of the current page's URL, and the way to change it. */
export function useListingUrl(): ListingUrlState {
  const pageContext = usePageContext();
  // urlOriginal is what the browser shows (with /it or /fr), also when routing rewrote the path.
  const currentUrl = useMemo(() => {
    const url = new URL(pageContext.urlOriginal, 'http://shop.invalid');
    return `${url.pathname}${url.search}`;
  }, [pageContext.urlOriginal]);
  const params = useMemo(() => listingParamsFromUrl(new URL(currentUrl, 'http://shop.invalid').searchParams), [currentUrl]);
  const hrefFor = useCallback((change: ListingChange) => listingUrl(currentUrl, change), [currentUrl]);
  const change = useCallback(
    (change: ListingChange) => {
      // Filters sit beside the results: keep the shopper's place instead of jumping to the top.
      void navigate(listingUrl(currentUrl, change), { keepScrollPosition: !('page' in change) });
    },
    [currentUrl],
  );
  const submit = useCallback((form: HTMLFormElement) => {
    const sent = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') sent.append(key, value);
    void navigate(canonicalListingUrl(`${new URL(form.action).pathname}?${sent.toString()}`), { keepScrollPosition: true });
  }, []);
  return { currentUrl, params, hrefFor, change, submit };
}

/** A listing's GET forms (filters, sort) carry `data-listing-form`, so the choices made in any of them go together. */
const LISTING_FORMS = 'form[data-listing-form]';

/** A box ticked or an option chosen in a server-rendered form that the page's scripts have not seen yet. */
function changedControls(form: HTMLFormElement): (HTMLInputElement | HTMLSelectElement)[] {
  return [...form.elements].filter(
    (control): control is HTMLInputElement | HTMLSelectElement =>
      (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') && control.checked !== control.defaultChecked) ||
      // a select the server rendered has its choice marked (a select React made in the browser has none)
      (control instanceof HTMLSelectElement && [...control.options].some((option) => option.defaultSelected) && [...control.options].some((option) => option.selected !== option.defaultSelected)),
  );
}

/**
 * Hydration keeps what a listing's forms show (React leaves a box ticked before it ran as the shopper left it), so a
 * choice made before the scripts arrived is applied then, as the enhanced form applies it at once: one navigation to
 * the URL of every listing form's choices (its owner's effect takes them, so the next form's effect finds none).
 * Prices typed but not sent stay in their fields, as with scripts.
 */
export function useChoicesMadeBeforeHydration(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    if (!formRef.current || changedControls(formRef.current).length === 0) return;
    const url = new URL(window.location.href);
    // a change starts the listing again at its first page, as applyListingChange does
    url.searchParams.delete(LISTING_KEYS.page);
    for (const form of document.querySelectorAll<HTMLFormElement>(LISTING_FORMS)) {
      const changed = changedControls(form);
      if (changed.length === 0) continue;
      const names = new Set(changed.map((control) => control.name));
      for (const name of names) url.searchParams.delete(name);
      for (const [name, value] of new FormData(form)) if (names.has(name) && typeof value === 'string') url.searchParams.append(name, value);
      for (const control of changed) {
        if (control instanceof HTMLInputElement) control.defaultChecked = control.checked;
        else for (const option of control.options) option.defaultSelected = option.selected;
      }
    }
    void navigate(canonicalListingUrl(`${url.pathname}${url.search}`), { keepScrollPosition: true });
  }, [formRef]);
}
