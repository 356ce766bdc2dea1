import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { Environment, Network, Observable, RecordSource, Store } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { describe, expect, it } from 'vitest';
import { listingParamsOfPage } from '../../storefront/features/catalog/listingRequest';
import { canonicalListingUrl, LISTING_FILTER_KEYS, listingKeptFields, listingRedirectOf, listingUrl } from '../../storefront/features/catalog/listingUrl';
import { LoginForm } from '../../storefront/features/account/LoginForm';
import { refusedFieldOf, type PostedFormState } from '../../storefront/forms/postedForm';
import { createShopI18n } from '../../storefront/platform/i18n';

// Issue 18, browsing: a listing's filters and sort are GET forms; the server leads what a plain form sends on to the
// address the enhanced listing opens for the same choices (storefront/features/catalog/listingRequest.ts). And the form kit's
// refusal focus: the first wrong field of a refused post is rendered with `autofocus`.

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const P = 'c'.repeat(32);

describe('a listing form sent without scripts ends at the enhanced listing’s URL', () => {
  it('one box ticked, the price fields left empty, "any rating": only the box', () => {
    const plain = `/vitamine?brands=${A}&minPrice=&maxPrice=&rating=`;
    expect(canonicalListingUrl(plain)).toBe(listingUrl('/vitamine', { toggleBrand: A }));
    expect(listingRedirectOf(plain)).toBe(`/vitamine?brands=${A}`);
  });

  it('boxes as repeated keys become one `|` list, in the form’s order, beside the sort the form carried', () => {
    const plain = `/vitamine?brands=${A}&brands=${B}&properties=${P}&minPrice=5&maxPrice=20.50&shippingFree=1&sort=price-asc`;
    const enhanced = [{ toggleBrand: B }, { toggleProperty: P }, { price: { min: 5, max: 20.5 } }, { shippingFree: true }].reduce(
      (url, change) => listingUrl(url, change),
      listingUrl(`/vitamine?sort=price-asc`, { toggleBrand: A }),
    );
    expect(canonicalListingUrl(plain)).toBe(enhanced);
    expect(enhanced).toBe(`/vitamine?brands=${A}|${B}&properties=${P}&minPrice=5&maxPrice=20.5&shippingFree=1&sort=price-asc`);
  });

  it('the search page: its term (a form writes a space as +) stays in front, as the enhanced listing keeps it', () => {
    const plain = `/it/search?search=vitamin+c&brands=${A}&minPrice=&maxPrice=&sort=price-asc`;
    expect(listingRedirectOf(plain)).toBe(listingUrl('/it/search?search=vitamin+c&sort=price-asc', { toggleBrand: A }));
    expect(listingRedirectOf(plain)).toBe(`/it/search?search=vitamin%20c&brands=${A}&sort=price-asc`);
  });

  it('a span given the wrong way round is swapped, as the enhanced price filter does', () => {
    expect(canonicalListingUrl('/x?minPrice=40&maxPrice=5')).toBe('/x?minPrice=5&maxPrice=40');
  });

  it('never redirects a URL that is already the enhanced one, nor one without listing fields (the header search)', () => {
    for (const url of [`/vitamine?brands=${A}|${B}&sort=price-asc&page=2`, '/vitamine', '/search?search=a+b', '/fr/p/x?utm_source=mail'])
      expect(listingRedirectOf(url), url).toBeNull();
    // and where it leads is final: no loop
    for (const plain of [`/v?brands=${A}&brands=${A.toUpperCase()}&page=1`, '/s?sort=unknown&search=x', `/v?properties=${P}&rating=9&minPrice=abc`]) {
      const target = listingRedirectOf(plain);
      expect(target, plain).not.toBeNull();
      expect(listingRedirectOf(target!), target!).toBeNull();
    }
  });

  it('each form carries the rest of the listing hidden: the filters carry the term and the sort, the sort carries the term and the filters; neither the page', () => {
    const current = `/search?search=tee&brands=${A}|${B}&minPrice=5&rating=4&sort=name-asc&page=3`;
    expect(listingKeptFields(current, LISTING_FILTER_KEYS)).toEqual([
      ['search', 'tee'],
      ['sort', 'name-asc'],
    ]);
    expect(listingKeptFields(current, ['sort'])).toEqual([
      ['search', 'tee'],
      ['brands', `${A}|${B}`],
      ['minPrice', '5'],
      ['rating', '4'],
    ]);
  });
});

describe('a listing page’s URL on the server', () => {
  const pageAt = (urlOriginal: string) => ({ urlOriginal }) as unknown as PageContext;

  it('answers a plain form’s URL with a redirect (302) to the enhanced one, with the language prefix', () => {
    let thrown: unknown;
    try {
      listingParamsOfPage(pageAt(`/fr/vitamines?brands=${A}&brands=${B}&minPrice=&sort=price-desc`));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ _pageContextAbort: { _urlRedirect: { url: `/fr/vitamines?brands=${A}|${B}&sort=price-desc`, statusCode: 302 } } });
  });

  it('reads the filters, sort and page of the enhanced URL', () => {
    expect(listingParamsOfPage(pageAt(`/vitamine?brands=${A}&minPrice=5&sort=price-asc&page=2`))).toEqual({
      filters: { brandIds: [A], minPrice: 5 },
      sort: 'price-asc',
      page: 2,
    });
  });
});

describe('the form kit’s refusal focus', () => {
  it('names the first field in the form’s order with a problem or a refusal beside it; none when nothing was posted', () => {
    const posted = (problems: Record<string, string>): Omit<PostedFormState, 'form'> => ({ values: {}, problems, errors: [] });
    expect(refusedFieldOf(posted({ password: 'required', email: 'required' }), ['email', 'password'], {})).toBe('email');
    expect(refusedFieldOf(posted({}), ['email', 'subject', 'comment'], { comment: 'zu lang' })).toBe('comment');
    expect(refusedFieldOf(posted({}), ['email'], {})).toBeUndefined();
    expect(refusedFieldOf(null, ['email'], { email: 'x' })).toBeUndefined();
  });

  // The login form as the server renders it after a refused post (pageContext.formPost); its mutation never runs here.
  const environment = new Environment({ network: Network.create(() => Observable.from(Promise.reject(new Error('not sent in a render')))), store: new Store(new RecordSource()) });
  const renderLogin = (formPost?: PostedFormState) =>
    renderToString(
      <VikeReactProviderPageContext pageContext={{ locale: 'de', formPost, urlParsed: { search: {} } } as unknown as PageContext}>
        <I18nextProvider i18n={createShopI18n('de')}>
          <RelayEnvironmentProvider environment={environment}>
            <LoginForm redirectTo="/account" redirect={null} />
          </RelayEnvironmentProvider>
        </I18nextProvider>
      </VikeReactProviderPageContext>,
    );
  const focused = (html: string) => [...html.matchAll(/<input[^>]*\bautofocus=""[^>]*>/g)].map((match) => /name="([^"]+)"/.exec(match[0])?.[1]);

  it('renders `autofocus` on the first wrong field only, so the browser focuses it without scripts', () => {
    expect(focused(renderLogin({ form: 'login', values: { email: 'nora@example.ch' }, problems: { password: 'required' }, errors: [] }))).toEqual(['password']);
    expect(focused(renderLogin({ form: 'login', values: {}, problems: { email: 'required', password: 'required' }, errors: [] }))).toEqual(['email']);
    // the gateway's "wrong e-mail or password" names no field: the password, as the enhanced form does
    expect(focused(renderLogin({ form: 'login', values: { email: 'nora@example.ch' }, problems: {}, errors: [{ code: 'LOGIN_FAILED', message: 'Ungültiger Benutzername oder Passwort', field: null }] }))).toEqual(['password']);
    expect(focused(renderLogin())).toEqual([]);
    // another form's refusal on the same page (the footer's newsletter) does not move the login's keyboard
    expect(focused(renderLogin({ form: 'newsletter', values: {}, problems: { email: 'required' }, errors: [] }))).toEqual([]);
  });
});
