import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, graph, hydrated, readShop } from './support/shop';

// The pharmacy finder (SPEC §2 /pharmacy-map, /p/{path}) in a shopper's browser: search a postal code and get
// the nearest pharmacy first (checked against the seed's coordinates), open it, keep it as favourite (the
// cart's Click & Collect pharmacy when anonymous, the account's when logged in), "near me" with a granted and
// a denied position, an unknown place, an unknown pharmacy (404) and the French page in French.

interface SeedPharmacy {
  id: string;
  name: string;
  url_path: string;
  latitude: number;
  longitude: number;
  click_and_collect: number;
}

function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** The seed's pharmacies nearest first from a postal code's place. */
function nearestTo(zipcode: string): SeedPharmacy[] {
  const [place] = readShop<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM postal_code_location WHERE zipcode = ? ORDER BY city LIMIT 1', zipcode);
  const pharmacies = readShop<SeedPharmacy>('SELECT id, name, url_path, latitude, longitude, click_and_collect FROM pharmacy');
  return pharmacies.sort((a, b) => km(place!, a) - km(place!, b));
}

const results = (page: Page) => page.getByTestId('pharmacy-result');

test('search 8001: the nearest pharmacy first; open it and keep it as the cart’s pharmacy', async ({ page }) => {
  const expected = nearestTo('8001');
  const response = await page.goto('/pharmacy-map');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apotheke finden');
  await hydrated(page);

  // the browser's own check: too short, the field gets the focus
  const search = page.locator('#main-content').getByRole('searchbox', { name: 'Postleitzahl oder Ort' });
  await search.fill('8');
  await page.locator('#main-content').getByRole('button', { name: 'Suchen' }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute('aria-invalid', 'true');

  await search.fill('8001');
  await page.locator('#main-content').getByRole('button', { name: 'Suchen' }).click();
  await page.waitForURL(/\/pharmacy-map\?search=8001$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Apotheken in der Nähe von 8001 Zürich' })).toBeVisible();
  await expect(results(page).first()).toHaveAttribute('data-pharmacy-id', expected[0]!.id);
  const distances = (await page.getByTestId('pharmacy-distance').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-km'))))) as number[];
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  await expect(results(page).first().getByTestId('open-badge')).toHaveText(/^(Jetzt geöffnet|Geschlossen)$/);
  // the offline map: a dot (a link with the pharmacy's name) per pharmacy, the searched place marked
  await expect(page.getByTestId('pharmacy-map').locator('a')).toHaveCount(readShop('SELECT id FROM pharmacy').length);
  await expect(page.getByTestId('pharmacy-map-origin')).toHaveCount(1);

  // the server renders the results from the URL, in one GraphQL query
  const reloaded = await page.goto('/pharmacy-map?search=8001');
  expect(reloaded?.headers()['x-graphql-operations']).toBe('1');
  await expect(results(page).first()).toHaveAttribute('data-pharmacy-id', expected[0]!.id);

  // open the nearest Click & Collect pharmacy and keep it as favourite (anonymous: the cart's pharmacy)
  const pickup = expected.find((p) => p.click_and_collect === 1)!;
  await results(page).filter({ has: page.getByRole('link', { name: pickup.name, exact: true }) }).first().getByRole('link', { name: pickup.name, exact: true }).click();
  await page.waitForURL(new RegExp(`/p/${pickup.url_path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pickup.name);
  await expect(page.getByRole('table')).toContainText('Montag');
  await hydrated(page);
  await expect(page.getByText('Ohne Anmeldung wird sie als Abholapotheke Ihres Warenkorbs (Click & Collect) gespeichert.')).toBeVisible();
  await page.getByRole('button', { name: 'Als meine Apotheke wählen' }).click();
  await expect(page.getByRole('button', { name: 'Ja, wählen' })).toBeFocused();
  await page.getByRole('button', { name: 'Ja, wählen' }).click();
  await expect(page.getByTestId('favourite-pharmacy')).toHaveText(/Abholapotheke Ihres Warenkorbs/);
  const { cart } = await graph<{ cart: { selectedPharmacy: { pharmacyId: string } | null } }>(page.request, '{ cart { selectedPharmacy { pharmacyId } } }');
  expect(cart.selectedPharmacy?.pharmacyId).toBe(pickup.id);
});

test('a logged-in customer keeps the favourite in the account', async ({ page }) => {
  const email = `e2e.apotheke.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;
  const password = 'Sicher-123';
  await confirmedAccount(page.request, { email, password, firstName: 'Nina', lastName: 'Muster' });
  await page.goto('/login');
  await hydrated(page, '[data-testid="login-submit"]');
  await page.locator('[data-field="email"]').fill(email);
  await page.locator('[data-field="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const pickup = nearestTo('3011').find((p) => p.click_and_collect === 1)!;
  await page.goto(`/p/${pickup.url_path}`);
  await hydrated(page);
  await expect(page.getByText('Wird in Ihrem Kundenkonto gespeichert und für Click & Collect vorgeschlagen.')).toBeVisible();
  await page.getByRole('button', { name: 'Als meine Apotheke wählen' }).click();
  await page.getByRole('button', { name: 'Ja, wählen' }).click();
  await expect(page.getByTestId('favourite-pharmacy')).toHaveText(/Meine Apotheke/);
  expect(readShop<{ id: string }>('SELECT preferred_pharmacy_id AS id FROM customer WHERE email = ? AND guest = 0', email)).toEqual([{ id: pickup.id }]);

  // marked as favourite in the finder too
  await page.goto('/pharmacy-map?search=3011');
  await expect(page.locator(`[data-testid="pharmacy-result"][data-pharmacy-id="${pickup.id}"]`).getByTestId('favourite-pharmacy')).toHaveText(/Meine Apotheke/);
});

test('near me: a granted position sorts from there, a denied one says so', async ({ browser }) => {
  const granted = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: 46.0037, longitude: 8.9511 } });
  const page = await granted.newPage();
  await page.goto('/it/pharmacy-map');
  await hydrated(page);
  await page.getByRole('button', { name: 'Vicino a me' }).click();
  await page.waitForURL(/\/it\/pharmacy-map\?lat=46\.004&lon=8\.951$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Farmacie vicino a voi' })).toBeVisible();
  await expect(results(page).first()).toContainText('Lugano');
  await granted.close();

  const denied = await browser.newContext({ permissions: [] });
  const other = await denied.newPage();
  await other.goto('/pharmacy-map');
  await hydrated(other);
  await other.getByRole('button', { name: 'In meiner Nähe' }).click();
  await expect(other.getByTestId('geo-problem')).toContainText('Sie haben den Zugriff auf Ihren Standort nicht erlaubt.');
  await denied.close();
});

test('an unknown place says so; an unknown pharmacy answers 404', async ({ page }) => {
  await page.goto('/pharmacy-map?search=Atlantis');
  await expect(page.getByRole('heading', { level: 2, name: 'Kein Ort gefunden' })).toBeVisible();
  await expect(page.getByTestId('no-place')).toContainText('«Atlantis»');
  await expect(results(page)).toHaveCount(0);

  const response = await page.goto('/p/xyz');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Seite nicht gefunden: /p/xyz')).toBeVisible();
});

test('the French finder is in French', async ({ page }) => {
  const response = await page.goto('/fr/pharmacy-map?search=Gen%C3%A8ve');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trouver une pharmacie');
  await expect(page.getByRole('heading', { level: 2, name: /^Pharmacies près de 12\d\d Genève$/ })).toBeVisible();
  await expect(results(page).first()).toContainText('Genève');
  await expect(results(page).first().getByTestId('open-badge')).toHaveText(/^(Ouvert maintenant|Fermé)$/);
  await expect(page.getByRole('searchbox', { name: 'NPA ou localité' })).toHaveValue('Genève');
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
});
