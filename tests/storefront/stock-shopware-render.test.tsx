import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { getRequest } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { ErrorView } from '../../storefront/shell/ErrorView';
import { createShopI18n } from '../../storefront/platform/i18n';
import type { ShopLocale } from '../../storefront/platform/i18n/locales';
import { PharmacyMapPageQuery } from '../../storefront/pages/pharmacy-map/PharmacyMapPage.query';
import { gatewayRequestBody, pageStatusOf, type GraphQLPayload } from '../../storefront/platform/relay/gatewayFetch';
import { openTestGateway, type TestGateway } from '../support/gateway';

// Issue 21 (ADR 0027): on a Shopware without the shop plugin the pharmacy finder's page says, in the page's language,
// that the service is not offered (status 501, no "try again"), instead of the 500 "serious error" page.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openTestGateway({ stockShopware: true, plugins: [usePersistedOperations('persisted_queries.json')] });
});
afterAll(async () => {
  // The finder's error empties the answer while the header's and footer's reads still run: let them end first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  gw?.close();
});

/** The page query's answer as the storefront's server render asks for it (persisted id, the page's language). */
async function pharmacyMapAnswer(locale: ShopLocale): Promise<GraphQLPayload> {
  const request = getRequest(PharmacyMapPageQuery);
  const body = gatewayRequestBody({ id: request.params.id!, variables: { locale: locale.toUpperCase(), search: '8001', near: null } });
  const response = await gw.fetch(
    new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-shop-locale': locale }, body }),
  );
  return (await response.json()) as GraphQLPayload;
}

function errorPage(status: number, locale: ShopLocale): string {
  const path = locale === 'de' ? '/pharmacy-map' : `/${locale}/pharmacy-map`;
  const pageContext = { urlOriginal: path, urlPathname: path, locale } as unknown as PageContext;
  return renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <I18nextProvider i18n={createShopI18n(locale)}>
        <ErrorView status={status} />
      </I18nextProvider>
    </VikeReactProviderPageContext>,
  );
}

describe('the pharmacy finder page on a stock Shopware', () => {
  it.each([
    ['de', 'Dieser Service ist in unserem Online-Shop zurzeit nicht verfügbar.', 'Erneut versuchen'],
    ['it', 'Questo servizio non è attualmente disponibile nel nostro negozio online.', 'Riprova'],
    ['fr', 'Ce service n’est actuellement pas disponible dans notre boutique en ligne.', 'Réessayer'],
  ] as const)('says in %s that the service is not offered, with no retry button', async (locale, text, retry) => {
    const answer = await pharmacyMapAnswer(locale);
    expect(answer.errors?.[0]?.extensions?.code).toBe('SERVICE_NOT_AVAILABLE');
    const status = pageStatusOf(answer);
    expect(status).toBe(501);
    const html = errorPage(status, locale);
    expect(html).toContain(text);
    expect(html).not.toContain(retry);
  });
});
