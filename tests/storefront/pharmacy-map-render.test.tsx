import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePersistedOperations } from '../../server/persistedOperations';
import { NotificationsProvider } from '../../storefront/shell/Notifications';
import { PharmacyFinderView } from '../../storefront/features/pharmacies/PharmacyFinderView';
import { createShopI18n } from '../../storefront/platform/i18n';
import type { ShopLocale } from '../../storefront/platform/i18n/locales';
import type { PharmacyMapPageQuery as PharmacyMapPageQueryType } from '../../storefront/pages/pharmacy-map/__generated__/PharmacyMapPageQuery.graphql';
import { PharmacyMapPageQuery } from '../../storefront/pages/pharmacy-map/PharmacyMapPage.query';
import { tileAt } from '../../storefront/features/pharmacies/tileMap';
import { readPharmacyMapTiles, type PharmacyMapTiles } from '../../storefront/features/pharmacies/pharmacyMapTiles';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { gatewayRelayEnvironment } from '../support/relay';

// The pharmacy finder's map rendered on the server from the real gateway over the seeded embedded Store API:
// the offline SVG map when no tile server is configured, the tiles of PHARMACY_MAP_TILE_URL under the same
// markers when one is, with the attribution in the page's language.

let shop: TestGateway;
beforeAll(async () => {
  shop = await openTestGateway({ plugins: [usePersistedOperations('persisted_queries.json')] });
});
afterAll(() => shop?.close());

const TILES = readPharmacyMapTiles({ PHARMACY_MAP_TILE_URL: 'https://tile.example.ch/{z}/{x}/{y}.png', PHARMACY_MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' })!;

function FinderPage({ variables }: { variables: PharmacyMapPageQueryType['variables'] }) {
  const data = useLazyLoadQuery<PharmacyMapPageQueryType>(PharmacyMapPageQuery, variables, { fetchPolicy: 'store-only' });
  return <PharmacyFinderView finder={data.pharmacyFinder} nearMe={false} />;
}

/** The finder page's view as the server renders it, with or without a tile server on the globalContext. */
async function renderFinder(options: { search?: string; locale?: ShopLocale; tiles: PharmacyMapTiles | null }): Promise<{ html: string }> {
  const locale = options.locale ?? 'de';
  const variables = { locale: locale.toUpperCase() as 'DE', search: options.search ?? null, near: null };
  const env = gatewayRelayEnvironment(shop);
  await fetchQuery<PharmacyMapPageQueryType>(env, PharmacyMapPageQuery, variables).toPromise();
  const path = locale === 'de' ? '/pharmacy-map' : `/${locale}/pharmacy-map`;
  const pageContext = { urlOriginal: path, urlPathname: path, locale, globalContext: { pharmacyMapTiles: options.tiles } } as unknown as PageContext;
  const html = renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <I18nextProvider i18n={createShopI18n(locale)}>
        <RelayEnvironmentProvider environment={env}>
          {/* the layouts provide it on real pages (the favourite buttons notify) */}
          <NotificationsProvider>
            <FinderPage variables={variables} />
          </NotificationsProvider>
        </RelayEnvironmentProvider>
      </I18nextProvider>
    </VikeReactProviderPageContext>,
  );
  return { html };
}

interface Pharmacy {
  pharmacyId: string;
  latitude: number;
  longitude: number;
}

/** Every pharmacy with its position, through the gateway (the map's dots are a fragment the test cannot read). */
async function pharmacies(): Promise<Pharmacy[]> {
  const result = await shop.gql('{ pharmacyFinder { mapPharmacies { pharmacyId latitude longitude } } }');
  return result.body.data.pharmacyFinder.mapPharmacies as Pharmacy[];
}

/** The <img> tiles: their z/x/y and where they sit, in % of the map's width and height. */
function tilesIn(html: string) {
  return [...html.matchAll(/<img [^>]*src="https:\/\/tile\.example\.ch\/(\d+)\/(\d+)\/(\d+)\.png"[^>]*>/g)].map((match) => {
    const style = /style="([^"]*)"/.exec(match[0])![1]!;
    const number = (name: string) => Number(new RegExp(`(?:^|;)${name}:(-?[\\d.]+)%`).exec(style)![1]);
    return { tag: match[0], z: Number(match[1]), x: Number(match[2]), y: Number(match[3]), left: number('left'), top: number('top') };
  });
}

/** The map's markers: pharmacy id and circle centre, and the size of the view they are drawn in. */
function markersIn(html: string) {
  const overlay = /<svg[^>]*viewBox="0 0 (\d+) (\d+)"[^>]*data-testid="pharmacy-map"[^>]*>(.*?)<\/svg>/s.exec(html)!;
  const [width, height] = [Number(overlay[1]), Number(overlay[2])];
  const dots = [...overlay[3]!.matchAll(/data-pharmacy-id="([^"]+)".*?<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => ({ id: m[1]!, x: Number(m[2]), y: Number(m[3]) }));
  return { width, height, dots };
}

describe('the pharmacy map rendered on the server', () => {
  it('without PHARMACY_MAP_TILE_URL: the offline SVG map as before, no image', async () => {
    const { html } = await renderFinder({ tiles: null });
    expect(html).toContain('data-testid="pharmacy-map"');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('pharmacy-tile-map');
    expect(html).not.toContain('Kartengrundlage');
    expect(markersIn(html).dots).toHaveLength((await pharmacies()).length);
  });

  it('with a tile server: all of Switzerland at zoom 7, every pharmacy a link on its tile, the attribution shown', async () => {
    const { html } = await renderFinder({ tiles: TILES });
    const zoom = Number(/data-testid="pharmacy-tile-map" data-zoom="(\d+)"/.exec(html)![1]);
    expect(zoom).toBe(7);
    const tiles = tilesIn(html);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.z).toBe(7);
      expect(tile.tag).toContain('alt=""');
      expect(tile.tag).toContain('role="presentation"');
      expect(tile.tag).toContain('loading="lazy"');
      expect(tile.tag).toContain('referrerPolicy="no-referrer"');
    }
    // the outline under the tiles (seen where a tile does not load), then the tiles, then the markers
    expect(html.indexOf('aria-hidden="true" focusable="false"')).toBeLessThan(html.indexOf('<img'));
    expect(html.lastIndexOf('<img')).toBeLessThan(html.indexOf('data-testid="pharmacy-map"'));

    // every pharmacy is a link with its name, drawn on the tile its coordinates lie on
    const all = await pharmacies();
    const { width, height, dots } = markersIn(html);
    expect(dots.map((d) => d.id).sort()).toEqual(all.map((p) => p.pharmacyId).sort());
    expect(html).toMatch(/<a href="\/p\/[^"]+" class="[^"]*" aria-label="[^"]+, [^"]+" data-pharmacy-id=/);
    for (const dot of dots) {
      const pharmacy = all.find((p) => p.pharmacyId === dot.id)!;
      const expected = tileAt(pharmacy.longitude, pharmacy.latitude, zoom);
      const [px, py] = [(dot.x / width) * 100, (dot.y / height) * 100];
      const tileWidth = (256 / width) * 100;
      const tileHeight = (256 / height) * 100;
      // markers are drawn to 0.1 px: one right on a tile's edge may touch its neighbour too
      const [dx, dy] = [(0.2 / width) * 100, (0.2 / height) * 100];
      const under = tiles.filter((t) => px > t.left - dx && px < t.left + tileWidth + dx && py > t.top - dy && py < t.top + tileHeight + dy);
      expect(under.map(({ x, y }) => ({ z: zoom, x, y })), dot.id).toContainEqual(expected);
      expect(under.length, dot.id).toBeLessThanOrEqual(4);
    }
    expect(html).toContain('data-testid="pharmacy-map-attribution">Kartengrundlage: © OpenStreetMap contributors</small>');
  });

  it('a search zooms to its results and the searched place, in every language', async () => {
    const texts = { de: 'Kartengrundlage: © OpenStreetMap contributors', it: 'Sfondo cartografico: © OpenStreetMap contributors', fr: 'Fond de carte : © OpenStreetMap contributors' };
    for (const locale of ['de', 'it', 'fr'] as const) {
      const { html } = await renderFinder({ tiles: TILES, search: '8001', locale });
      const zoom = Number(/data-testid="pharmacy-tile-map" data-zoom="(\d+)"/.exec(html)![1]);
      expect(zoom).toBeGreaterThan(7);
      // Zurich's tile is drawn, and the cross marks 8001 Zürich
      const zurich = tileAt(8.5417, 47.3769, zoom);
      expect(tilesIn(html).some((t) => t.x === zurich.x && t.y === zurich.y && t.z === zoom)).toBe(true);
      expect(html).toContain('data-testid="pharmacy-map-origin"');
      // the results are on the map; pharmacies outside the view are left out (no invisible links)
      const shown = new Set(markersIn(html).dots.map((d) => d.id));
      expect(shown.size).toBeLessThan((await pharmacies()).length);
      expect(html).toContain(`data-testid="pharmacy-map-attribution">${texts[locale]}</small>`);
    }
  });
});
