import { useCallback, useMemo } from 'react';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { canonicalListingUrl, listingParamsFromUrl, listingUrl, type ListingChange, type ListingParams } from './listingUrl';

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
