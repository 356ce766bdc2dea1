import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../../store-api/src/domain/pharmacy-finder';
import { browser, openAccountGateway, registeredCustomer, type AccountGateway } from './account-gateway';

// The pharmacy finder and the pharmacy page through the gateway: nearest first from a postal code, a town or
// a position, argument checks without a Store API call, one pharmacy by path (null → the page's 404), and
// "choose as my pharmacy": the account's preferred pharmacy when logged in, the cart's pharmacy otherwise.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const FINDER = `query ($search: String, $near: PharmacyNearInput, $first: Int) {
  pharmacyFinder(search: $search, near: $near, first: $first) {
    search placeFound place { zipcode city countryIso } latitude longitude
    pharmacies { pharmacyId name city distance openNow openingHoursToday openingWeek { day name ranges today } services path clickAndCollect }
    mapPharmacies { pharmacyId latitude longitude }
  }
}`;
const CHOOSE = `mutation ($input: ChooseFavouritePharmacyInput!) {
  chooseFavouritePharmacy(input: $input) { savedTo pharmacy { pharmacyId name } errors { code field } }
}`;

type Found = { pharmacyId: string; name: string; city: string; distance: number; path: string; clickAndCollect: boolean; openingWeek: { day: string; name: string; today: boolean }[] };

describe('pharmacyFinder', () => {
  it('answers pharmacies nearest to a postal code first, with localized opening days', async () => {
    const res = await browser(gw).gql(FINDER, { search: ' 8001 ', first: 5 }, { 'x-shop-locale': 'fr' });
    expect(res.body.errors).toBeUndefined();
    const finder = res.body.data.pharmacyFinder;
    expect(finder).toMatchObject({ search: '8001', placeFound: true, place: { zipcode: '8001', city: 'Zürich', countryIso: 'CH' } });
    const rows = gw.shop.db.prepare('SELECT id, latitude, longitude FROM pharmacy').all() as { id: string; latitude: number; longitude: number }[];
    const nearest = rows.sort((a, b) => haversineKm(finder, a) - haversineKm(finder, b))[0]!;
    const found = finder.pharmacies as Found[];
    expect(found[0]!.pharmacyId).toBe(nearest.id);
    expect(found.map((p) => p.distance)).toEqual([...found.map((p) => p.distance)].sort((a, b) => a - b));
    expect(found[0]!.openingWeek.map((d) => d.name)).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    expect(found[0]!.openingWeek.filter((d) => d.today)).toHaveLength(1);
    expect(finder.mapPharmacies.length).toBe(52);
  });

  it('says when no place is found, and searches from a position', async () => {
    const unknown = await browser(gw).gql(FINDER, { search: 'Atlantis' });
    expect(unknown.body.data.pharmacyFinder).toMatchObject({ placeFound: false, pharmacies: [], place: null });
    const near = await browser(gw).gql(FINDER, { near: { latitude: 46.0037, longitude: 8.9511 }, first: 1 });
    expect((near.body.data.pharmacyFinder.pharmacies as Found[])[0]!.city).toBe('Lugano');
  });

  it.each([
    [{ near: { latitude: 91, longitude: 8 } }, 'near.latitude'],
    [{ near: { latitude: 47, longitude: -180.5 } }, 'near.longitude'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ search: 'x' }, 'search'],
    [{ first: 0 }, 'first'],
  ])('refuses %j before calling the Store API', async (variables, argument) => {
    const res = await browser(gw).gql(FINDER, variables);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(res.storeCalls).toBe(0);
  });
});

describe('pharmacy(path)', () => {
  it('answers one pharmacy by /p/ path, null for an unknown one', async () => {
    const path = gw.shop.db.prepare('SELECT url_path FROM pharmacy ORDER BY url_path LIMIT 1').pluck().get() as string;
    const query = 'query ($path: String!) { pharmacy(path: $path) { name path openNow } }';
    const found = await browser(gw).gql(query, { path: `/p/${path}` });
    expect(found.body.data.pharmacy).toMatchObject({ path: `/p/${path}`, openNow: expect.any(Boolean) });
    for (const missing of ['/p/xyz', '/p/../etc', '/p/']) {
      const res = await browser(gw).gql(query, { path: missing });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.pharmacy).toBeNull();
    }
  });
});

describe('chooseFavouritePharmacy', () => {
  function clickAndCollectPharmacy(offset: number): { id: string; name: string } {
    return gw.shop.db.prepare('SELECT id, name FROM pharmacy WHERE click_and_collect = 1 ORDER BY id LIMIT 1 OFFSET ?').get(offset) as { id: string; name: string };
  }

  it('keeps it in the cart for an anonymous shopper', async () => {
    const shopper = browser(gw);
    const pharmacy = clickAndCollectPharmacy(0);
    const res = await shopper.gql(CHOOSE, { input: { pharmacyId: pharmacy.id } });
    expect(res.body.data.chooseFavouritePharmacy).toEqual({ savedTo: 'CART', pharmacy: { pharmacyId: pharmacy.id, name: pharmacy.name }, errors: [] });
    const cart = await shopper.gql('{ cart { selectedPharmacy { pharmacyId } } }');
    expect(cart.body.data.cart.selectedPharmacy).toEqual({ pharmacyId: pharmacy.id });
  });

  it('keeps it in the account for a logged-in customer', async () => {
    const { shopper } = await registeredCustomer(gw);
    const pharmacy = clickAndCollectPharmacy(1);
    const res = await shopper.gql(CHOOSE, { input: { pharmacyId: pharmacy.id } });
    expect(res.body.data.chooseFavouritePharmacy).toMatchObject({ savedTo: 'ACCOUNT', pharmacy: { pharmacyId: pharmacy.id }, errors: [] });
    const viewer = await shopper.gql('{ viewer { loggedIn preferredPharmacy { pharmacyId } } }');
    expect(viewer.body.data.viewer).toEqual({ loggedIn: true, preferredPharmacy: { pharmacyId: pharmacy.id } });
  });

  it('answers INVALID_INPUT for an unknown or malformed id', async () => {
    for (const pharmacyId of ['f'.repeat(32), 'nope']) {
      const res = await browser(gw).gql(CHOOSE, { input: { pharmacyId } });
      expect(res.body.data.chooseFavouritePharmacy).toMatchObject({ savedTo: null, pharmacy: null, errors: [{ code: 'INVALID_INPUT', field: 'pharmacyId' }] });
    }
  });
});
