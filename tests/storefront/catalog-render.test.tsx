import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NotificationsProvider } from '../../storefront/shell/Notifications';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryPageView } from '../../storefront/features/catalog/CategoryPageView';
import { LandingPageView } from '../../storefront/features/content/LandingPageView';
import { createShopI18n } from '../../storefront/platform/i18n';
import type { ShopLocale } from '../../storefront/platform/i18n/locales';
import type { RoutePageQuery as RoutePageQueryType } from '../../storefront/pages/route/__generated__/RoutePageQuery.graphql';
import { RoutePageQuery } from '../../storefront/pages/route/RoutePage.query';
import { usePersistedOperations } from '../../server/persistedOperations';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { gatewayRelayEnvironment } from '../support/relay';

// The catalogue's views rendered on the server from the real gateway over the seeded embedded Store API
// (no mocks): the route page's one query, then the HTML a shopper's browser receives.

let shop: TestGateway;
beforeAll(async () => {
  // As server/index.ts serves it: the page's operation by its persisted id, which lifts the limits meant
  // for unknown queries.
  shop = await openTestGateway({ plugins: [usePersistedOperations('persisted_queries.json')] });
});
afterAll(() => shop?.close());

function RoutePage({ variables }: { variables: RoutePageQueryType['variables'] }) {
  const data = useLazyLoadQuery<RoutePageQueryType>(RoutePageQuery, variables, { fetchPolicy: 'store-only' });
  const route = data.route;
  if (route.__typename === 'CategoryPage' && route.categoryView) return <CategoryPageView route={route.categoryView} />;
  if (route.__typename === 'LandingPageRoute' && route.landingView) return <LandingPageView route={route.landingView} />;
  return <p>unexpected {route.__typename}</p>;
}

async function renderRoute(url: string, locale: ShopLocale = 'de'): Promise<string> {
  const parsed = new URL(url, 'http://shop.test');
  const variables = {
    path: parsed.pathname,
    locale: locale.toUpperCase() as 'DE',
    filters: {},
    sort: parsed.searchParams.get('sort'),
    page: 1,
    withListing: true,
  } as RoutePageQueryType['variables'];
  const env = gatewayRelayEnvironment(shop);
  await fetchQuery<RoutePageQueryType>(env, RoutePageQuery, variables).toPromise();
  // as Vike gives it (a CMS contact form reads its `?contact=sent`)
  const pageContext = { urlOriginal: url, urlPathname: parsed.pathname, urlParsed: { search: Object.fromEntries(parsed.searchParams) }, locale } as unknown as PageContext;
  const wrap = (children: ReactNode) => (
    <VikeReactProviderPageContext pageContext={pageContext}>
      <I18nextProvider i18n={createShopI18n(locale)}>
        <RelayEnvironmentProvider environment={env}>
          {/* the layouts provide it on real pages (product cards' wishlist hearts notify) */}
          <NotificationsProvider>{children}</NotificationsProvider>
        </RelayEnvironmentProvider>
      </I18nextProvider>
    </VikeReactProviderPageContext>
  );
  return renderToString(wrap(<RoutePage variables={variables} />));
}

describe('catalogue views rendered on the server', () => {
  it('a category: title, its CMS sidebar (navigation, filters), teaser and the listing with prices in CHF', async () => {
    const html = await renderRoute('/vitamine-mineralstoffe');
    expect(html).toContain('<h1');
    expect(html).toContain('Vitamine &amp; Mineralstoffe');
    // the CMS sidebar: sub-categories and the listing's filters (not a second filter panel in the listing)
    expect(html).toContain('href="/vitamine-mineralstoffe/vitamin-d"');
    expect(html.match(/type="checkbox"/g)?.length).toBeGreaterThan(5);
    expect(html.match(/>Filter<\/h2>/g)).toHaveLength(1);
    // the image-text teaser is hidden on phones (SPEC §2 visibility md)
    expect(html).toMatch(/class="[^"]*hide-md[^"]*"[^>]*data-block-type="image-text"/);
    // 24 cards with CHF prices and links to product pages
    expect(html.match(/<article/g)).toHaveLength(24);
    expect(html).toMatch(/CHF(&nbsp;|\s| )\d+\.\d{2}/);
    expect(html).toContain('342 Produkte');
    expect(html).toContain('Mehr Produkte laden');
    expect(html).toMatch(/href="\/vitamine-mineralstoffe\?page=2"/);
  });

  it('the home page: its CMS texts through the sanitizer and its product sliders, no listing', async () => {
    const html = await renderRoute('/');
    expect(html).toContain('Willkommen in Ihrer Online-Apotheke');
    expect(html).toContain('Bestseller');
    expect(html).toContain('aria-label="Nächste Produkte"');
    expect(html).not.toContain('Mehr Produkte laden');
    // the mobile-only tip is hidden on desktops (xl)
    expect(html).toMatch(/class="[^"]*hide-xl[^"]*"[^>]*data-block-type="text"/);
    expect(html).not.toMatch(/<script/i);
  });

  it('a landing page in French: one h1, its banner and recommendations', async () => {
    const html = await renderRoute('/fr/saison-des-rhumes', 'fr');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('Nos recommandations');
    expect(html).toMatch(/<img[^>]+alt="Bien armé pour la saison des rhumes"/);
  });
});
