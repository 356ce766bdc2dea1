import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentGateway, type ContentGateway } from './content-gateway';

let gateway: ContentGateway;
beforeAll(async () => {
  gateway = await openContentGateway();
});
afterAll(() => gateway.close());

describe('context, languages, countries, salutations', () => {
  it('answers the session defaults: German, CHF, the default shipping and payment method, Switzerland', async () => {
    const result = await gateway.gql<{ context: Record<string, never> }>(`{
      context {
        language { id locale code name pathPrefix }
        currency { isoCode symbol name decimals }
        shippingMethod { id name deliveryTime { name min max unit } }
        paymentMethod { id name }
        country { iso name }
        loggedIn
        navigationCategoryId
      }
    }`);
    expect(result.errors).toBeUndefined();
    const context = result.data!.context as unknown as {
      language: { locale: string; code: string; name: string; pathPrefix: string };
      currency: { isoCode: string; symbol: string; decimals: number };
      shippingMethod: { name: string; deliveryTime: { name: string } };
      paymentMethod: { name: string };
      country: { iso: string; name: string };
      loggedIn: boolean;
      navigationCategoryId: string;
    };
    expect(context.language).toMatchObject({ locale: 'DE', code: 'de-CH', name: 'Deutsch', pathPrefix: '' });
    expect(context.currency).toMatchObject({ isoCode: 'CHF', symbol: 'CHF', decimals: 2 });
    expect(context.shippingMethod.name).toBeTruthy();
    expect(context.shippingMethod.deliveryTime.name).toBeTruthy();
    expect(context.paymentMethod.name).toBeTruthy();
    expect(context.country).toEqual({ iso: 'CH', name: 'Schweiz' });
    expect(context.loggedIn).toBe(false);
    expect(context.navigationCategoryId).toMatch(/^[0-9a-f]{32}$/);
    expect(result.calls).toEqual(['GET /context']);
  });

  it('reads the session in the language of the browser (Accept-Language) and of the sw-language-id cookie', async () => {
    const italian = await gateway.gql(`{ context { language { locale name pathPrefix } country { name } } }`, undefined, {
      headers: { 'accept-language': 'it-CH,it;q=0.9' },
    });
    expect(italian.data).toEqual({ context: { language: { locale: 'IT', name: 'Italiano', pathPrefix: '/it' }, country: { name: 'Svizzera' } } });

    const languages = await gateway.gql<{ languages: { id: string; locale: string }[] }>(`{ languages { id locale } }`);
    const french = languages.data!.languages.find((l) => l.locale === 'FR')!;
    const fromCookie = await gateway.gql(`{ context { language { locale id } } }`, undefined, { headers: { cookie: `sw-language-id=${french.id}` } });
    expect(fromCookie.data).toEqual({ context: { language: { locale: 'FR', id: french.id } } });
  });

  it('reads in the language of the page the storefront shows (x-shop-locale), over the cookie; an unknown one is ignored', async () => {
    const languages = await gateway.gql<{ languages: { id: string; locale: string }[] }>(`{ languages { id locale } }`);
    const german = languages.data!.languages.find((l) => l.locale === 'DE')!;
    const onFrenchPage = await gateway.gql(`{ context { language { locale } country { name } } }`, undefined, {
      headers: { cookie: `sw-language-id=${german.id}`, 'x-shop-locale': 'fr' },
    });
    expect(onFrenchPage.data).toEqual({ context: { language: { locale: 'FR' }, country: { name: 'Suisse' } } });
    const unknown = await gateway.gql(`{ context { language { locale } } }`, undefined, { headers: { cookie: `sw-language-id=${german.id}`, 'x-shop-locale': 'en' } });
    expect(unknown.data).toEqual({ context: { language: { locale: 'DE' } } });
  });

  it('lists the three languages in the shop order', async () => {
    const result = await gateway.gql(`{ languages { locale code name pathPrefix } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      languages: [
        { locale: 'DE', code: 'de-CH', name: 'Deutsch', pathPrefix: '' },
        { locale: 'IT', code: 'it-CH', name: 'Italiano', pathPrefix: '/it' },
        { locale: 'FR', code: 'fr-CH', name: 'Français', pathPrefix: '/fr' },
      ],
    });
  });

  it.each([
    ['DE', 'Schweiz', 'Zürich'],
    ['IT', 'Svizzera', 'Ticino'],
    ['FR', 'Suisse', 'Genève'],
  ])('lists countries with their states in %s', async (locale, switzerland, canton) => {
    const result = await gateway.gql<{ countries: { iso: string; name: string; states: { shortCode: string; name: string }[] }[] }>(
      `query ($locale: Locale) { countries(locale: $locale) { iso name shippingAvailable states { id shortCode name } } }`,
      { locale },
    );
    expect(result.errors).toBeUndefined();
    const countries = result.data!.countries;
    expect(countries.map((c) => c.iso)).toEqual(['CH', 'LI']);
    const ch = countries[0]!;
    expect(ch.name).toBe(switzerland);
    expect(ch.states).toHaveLength(26);
    expect(ch.states.map((s) => s.name)).toContain(canton);
    expect(ch.states.every((s) => /^CH-[A-Z]{2}$/.test(s.shortCode))).toBe(true);
    expect(countries[1]!.states).toEqual([]);
  });

  it.each([
    ['DE', 'Herr'],
    ['IT', 'Signor'],
    ['FR', 'Monsieur'],
  ])('lists salutations in %s', async (locale, mister) => {
    const result = await gateway.gql<{ salutations: { key: string; displayName: string; letterName: string }[] }>(
      `query ($locale: Locale) { salutations(locale: $locale) { id key displayName letterName } }`,
      { locale },
    );
    expect(result.errors).toBeUndefined();
    const salutations = result.data!.salutations;
    expect(salutations.map((s) => s.key).sort()).toEqual(['mr', 'mrs', 'not_specified']);
    expect(salutations.find((s) => s.key === 'mr')!.displayName).toBe(mister);
  });
});
