import pino from 'pino';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay/hooks';
import { Environment, fetchQuery, Network, RecordSource, Store, type RequestParameters, type Variables } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGateway, type Gateway } from '../../gateway/src/yoga';
import { usePersistedOperations } from '../../server/persistedOperations';
import { createShopI18n } from '../../storefront/platform/i18n';
import type { AccountLoyaltyPageQuery as AccountLoyaltyPageQueryType } from '../../storefront/pages/account-loyalty/__generated__/AccountLoyaltyPageQuery.graphql';
import { AccountLoyaltyPageQuery } from '../../storefront/pages/account-loyalty/AccountLoyaltyPage.query';
import { LoyaltyArea } from '../../storefront/features/account/LoyaltyArea';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import { seededLoyaltyCardNumber, seededLoyaltyCardPoints } from '../../store-api/src/seed/loyalty-cards';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { activeAccount, PASSWORD } from '../store-api/account-session';

// The VitalCard page's progress bar (issue 25 defect 4: it once showed the points still missing instead of the
// points collected towards the next CHF 5 voucher, while the text beside it stayed right). Rendered on the server
// from the real gateway over a private shop, for a customer holding a seeded printed card.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let gateway: Gateway;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const config = readGatewayConfig({ NODE_ENV: 'test' }, shop.config.accessKey);
  gateway = createGateway({
    config,
    target: storeApiTarget(config, { app: shop.app, config: shop.config }, { publicOrigin: ORIGIN }),
    logger: pino({ level: 'silent' }),
    plugins: [usePersistedOperations('persisted_queries.json')],
  });
});
afterAll(() => shop?.close());

/** A browser logged in as a new account that holds the seeded card `cardIndex`. */
async function customerWithCard(cardIndex: number) {
  const email = await activeAccount(shop);
  const customerId = shop.db.prepare('SELECT id FROM customer WHERE email = ?').pluck().get(email) as string;
  shop.db.prepare('UPDATE loyalty_card SET customer_id = ? WHERE card_number = ?').run(customerId, seededLoyaltyCardNumber(cardIndex));
  const jar: Record<string, string> = {};
  async function send(body: string): Promise<Record<string, unknown>> {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
    const response = await gateway.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
    }
    return (await response.json()) as Record<string, unknown>;
  }
  const login = (await send(JSON.stringify({ query: 'mutation ($input: LoginInput!) { login(input: $input) { errors { code } } }', variables: { input: { email, password: PASSWORD } } }))) as {
    data: { login: { errors: unknown[] } };
  };
  expect(login.data.login.errors).toEqual([]);
  return new Environment({
    isServer: true,
    network: Network.create((params: RequestParameters, variables: Variables) => send(gatewayRequestBody({ id: params.id ?? params.cacheID, text: params.text, variables })) as never),
    store: new Store(new RecordSource()),
  });
}

async function renderCardPage(environment: Environment): Promise<string> {
  const variables = { locale: 'DE' } as const;
  await fetchQuery<AccountLoyaltyPageQueryType>(environment, AccountLoyaltyPageQuery, variables).toPromise();
  function Card() {
    const data = useLazyLoadQuery<AccountLoyaltyPageQueryType>(AccountLoyaltyPageQuery, variables, { fetchPolicy: 'store-only' });
    return data.viewer ? <LoyaltyArea customer={data.viewer} refresh={async () => undefined} /> : null;
  }
  const context = { locale: 'de', urlPathname: '/account/my-vitalcard', urlOriginal: `${ORIGIN}/account/my-vitalcard` } as unknown as PageContext;
  return renderToString(
    <VikeReactProviderPageContext pageContext={context}>
      <I18nextProvider i18n={createShopI18n('de')}>
        <RelayEnvironmentProvider environment={environment}>
          <Card />
        </RelayEnvironmentProvider>
      </I18nextProvider>
    </VikeReactProviderPageContext>,
  );
}

describe('the VitalCard progress bar shows the points collected towards the next voucher', () => {
  it.each([
    // card index, points on it, bar value (points % 500), points missing shown beside it
    [3, 1200, 200, 300],
    [1, 499, 499, 1],
    [0, 0, 0, 500],
  ])('card %d with %d points: the bar stands at %d of 500, %d missing', async (cardIndex, points, value, missing) => {
    expect(seededLoyaltyCardPoints(cardIndex)).toBe(points);
    const html = await renderCardPage(await customerWithCard(cardIndex));
    const bar = /<progress[^>]*>/.exec(html)?.[0] ?? '';
    expect(bar).toContain('max="500"');
    expect(bar).toContain(`value="${value}"`);
    const missingText = /data-testid="loyalty-missing"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    expect(missingText).toContain(String(missing));
  });
});

describe('the VitalCard lists the vouchers the points have earned', () => {
  it('card 2 with 500 points: one issued CHF 5 voucher with a form that redeems it in the cart; the bar starts again at 0', async () => {
    expect(seededLoyaltyCardPoints(2)).toBe(500);
    const html = await renderCardPage(await customerWithCard(2));
    const codes = [...html.matchAll(/data-testid="loyalty-voucher-code"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(codes).toEqual([expect.stringMatching(/^VC-[A-Z2-9]{4}-[A-Z2-9]{4}$/)]);
    expect(html).toContain('Einlösbar');
    // The "use" button posts the code to the cart's promotion code form (works before and without JavaScript).
    expect(html).toMatch(new RegExp(`<form action="/checkout/cart" method="post"><input type="hidden" name="action" value="promotion"/><input type="hidden" name="code" value="${codes[0]}"/>`));
    expect(/<progress[^>]*>/.exec(html)?.[0]).toContain('value="0"');
    expect(/data-testid="loyalty-missing"[^>]*>([^<]*)</.exec(html)?.[1]).toMatch(/^Noch 500 Punkte bis zum nächsten CHF\s5\.00-Gutschein\.$/);
  });
});
