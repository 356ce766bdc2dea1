import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { Environment, Network, RecordSource, Store, type RequestParameters, type Variables } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { expect } from 'vitest';
import { createShopI18n } from '../../storefront/platform/i18n';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import type { TestGateway } from './gateway';

// Render tests of personal pages (cart, checkout, order pages): one shopper whose cookies travel with every request
// to the real gateway, persisted operations and text alike, and a page view rendered on the server as Vike would.

export interface GatewayShopper {
  environment: Environment;
  /** a GraphQL operation as the shopper; fails the test on GraphQL errors */
  gql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export function gatewayShopper(shop: Pick<TestGateway, 'fetch'>): GatewayShopper {
  const jar: Record<string, string> = {};
  async function send(body: string): Promise<Record<string, unknown>> {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
    const response = await shop.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
    }
    return (await response.json()) as Record<string, unknown>;
  }
  const environment = new Environment({
    isServer: true,
    network: Network.create((params: RequestParameters, variables: Variables) => send(gatewayRequestBody({ id: params.id ?? params.cacheID, text: params.text, variables })) as never),
    store: new Store(new RecordSource()),
  });
  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = (await send(JSON.stringify({ query, variables }))) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  }
  return { environment, gql };
}

/** A page view as the server renders it, in German, with the shopper's Relay store and the page context given. */
export function renderShopperPage(shopper: GatewayShopper, children: ReactNode, pageContext: Partial<PageContext>): string {
  const context = { locale: 'de', urlParsed: { search: {} }, ...pageContext } as unknown as PageContext;
  return renderToString(
    <VikeReactProviderPageContext pageContext={context}>
      <I18nextProvider i18n={createShopI18n('de')}>
        <RelayEnvironmentProvider environment={shopper.environment}>{children}</RelayEnvironmentProvider>
      </I18nextProvider>
    </VikeReactProviderPageContext>,
  );
}

/** The text of rendered HTML, tags and runs of space made one space. */
export const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\s+/g, ' ');
