import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingCostForWeight, shippingPriceBands } from '../../store-api/src/domain/shipping';
import { CONTENT_PAGES } from '../../storefront/platform/i18n/contentPages';
import { LOCALES } from '../../storefront/platform/i18n/locales';
import { legalTexts } from '../../storefront/platform/i18n/pageTexts/legal';
import { COLLECTION_COST_BANDS, maximumCollectionCost } from '../../storefront/features/content/collectionCosts';
import { OPERATING_COMPANIES } from '../../storefront/features/content/company';
import { parseBreakpoints, parseDesignTokens } from '../../storefront/features/content/designTokens';
import { LEGAL_PAGES, LEGAL_SECTIONS, PAYMENT_METHODS, RETENTION_PERIODS, SHOP_COOKIES } from '../../storefront/features/content/legalPages';
import { SHIPPING_BASE_PRICE_CHF, SHIPPING_PRICE_PER_STARTED_KG_CHF, shippingExamples } from '../../storefront/features/content/shippingExamples';
import { openTestGateway, type TestGateway } from '../support/gateway';

describe('collection costs (SPEC §9 Invoice): one function for the terms table and the dunning', () => {
  it.each([
    [0.05, 80],
    [150, 80],
    [150.01, 175],
    [150.5, 175],
    [151, 175],
    [600, 175],
    [600.5, 230],
    [601, 230],
    [1000, 230],
    [1000.01, 860],
    [9999.99, 860],
    [10000, 860],
    [10000.01, 900],
    [20000, 1800],
    [12345.67, 1111.11],
  ])('a claim of CHF %d costs at most CHF %d', (claim, maximum) => {
    expect(maximumCollectionCost(claim)).toBe(maximum);
  });

  it('the bands follow each other without a gap and end open', () => {
    for (let index = 1; index < COLLECTION_COST_BANDS.length; index++) expect(COLLECTION_COST_BANDS[index]!.aboveChf).toBe(COLLECTION_COST_BANDS[index - 1]!.upToChf);
    expect(COLLECTION_COST_BANDS[0]!.aboveChf).toBe(0);
    expect(COLLECTION_COST_BANDS.at(-1)).toMatchObject({ upToChf: null, maximum: { kind: 'percent', percent: 9 } });
  });

  it('refuses what is not an amount', () => {
    expect(() => maximumCollectionCost(-1)).toThrow(RangeError);
    expect(() => maximumCollectionCost(Number.NaN)).toThrow(RangeError);
  });
});

describe('postage as SPEC §9 states it: CHF 7.70 up to 4 kg, plus CHF 1.50 per additional (started) kg', () => {
  // The numbers are written out here, not derived from the code under test: a changed base price, base weight,
  // per-kg price or rounding fails these rows.
  it.each([
    [0, 7.7],
    [3, 7.7],
    [4, 7.7],
    [4.001, 9.2],
    [4.01, 9.2],
    [5, 9.2],
    [5.001, 10.7],
    [5.5, 10.7],
    [6, 10.7],
    [6.01, 12.2],
    [10, 16.7],
  ])('a parcel of %d kg costs CHF %d', (weightKg, chf) => {
    expect(shippingCostForWeight(weightKg)).toBe(chf);
  });

  it('the shipping page’s examples: 3 kg and 4 kg CHF 7.70, 5.5 kg two started kg more, CHF 10.70', () => {
    expect(shippingExamples().map((example) => [example.weightKg, example.extraKg, example.costChf])).toEqual([
      [3, 0, 7.7],
      [4, 0, 7.7],
      [5.5, 2, 10.7],
    ]);
    expect(SHIPPING_BASE_PRICE_CHF).toBe(7.7);
    expect(SHIPPING_PRICE_PER_STARTED_KG_CHF).toBe(1.5);
  });

  it('the shipping method’s price bands: up to 4 kg 7.70, then 1.50 more per kg, the last band open', () => {
    expect(shippingPriceBands(false, 7)).toEqual([
      { startKg: 0, endKg: 4, gross: 7.7 },
      { startKg: 4, endKg: 5, gross: 9.2 },
      { startKg: 5, endKg: 6, gross: 10.7 },
      { startKg: 6, endKg: null, gross: 12.2 },
    ]);
    expect(shippingPriceBands(true)).toEqual([{ startKg: 0, endKg: null, gross: 0 }]);
  });
});

describe('the free-shipping threshold the shipping page shows', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openTestGateway();
  });
  afterAll(() => gw?.close());

  it('is the Store API’s setting (default CHF 50), read without starting a session', async () => {
    const result = await gw.gql('query { cart { freeShipping { threshold } } }');
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.cart.freeShipping.threshold).toBe(50);
    // no session cookie: the shipping page stays cacheable for anonymous visitors
    expect(result.headers.get('set-cookie')).toBeNull();
  });
});

type Texts = Record<string, unknown>;
const lookup = (texts: Texts, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Texts)[key] : undefined), texts);

describe('the legal texts in de, it and fr', () => {
  for (const locale of LOCALES) {
    const texts = legalTexts[locale] as Texts;

    it(`${locale}: every page has a title, description, intro and every section its heading and text`, () => {
      for (const page of LEGAL_PAGES) {
        for (const key of ['title', 'description', 'intro']) expect(lookup(texts, `${page}.${key}`), `${locale} ${page}.${key}`).toEqual(expect.any(String));
        for (const section of LEGAL_SECTIONS[page]) {
          const base = `${page}.sections.${section.id}`;
          expect(lookup(texts, `${base}.heading`), `${locale} ${base}.heading`).toEqual(expect.any(String));
          const paragraphs = lookup(texts, `${base}.paragraphs`) ?? [];
          const items = lookup(texts, `${base}.items`) ?? [];
          expect([...(paragraphs as string[]), ...(items as string[])].length, `${locale} ${base}`).toBeGreaterThan(0);
          for (const linked of section.links ?? []) expect(lookup(texts, `pages.${linked}`), `${locale} pages.${linked}`).toEqual(expect.any(String));
        }
        expect(lookup(texts, `pages.${page}`)).toEqual(expect.any(String));
      }
    });

    it(`${locale}: the tables’ rows and the style guide have their words`, () => {
      for (const method of PAYMENT_METHODS) expect(lookup(texts, `terms.paymentMethods.${method}`)).toEqual(expect.any(String));
      for (const cookie of SHOP_COOKIES) expect(lookup(texts, `privacy.cookieTable.purposes.${cookie.purpose}`)).toEqual(expect.any(String));
      for (const period of RETENTION_PERIODS) expect(lookup(texts, `privacy.retentionTable.kinds.${period.key}`)).toEqual(expect.any(String));
      for (const company of OPERATING_COMPANIES) expect(lookup(texts, `imprint.labels.registerCanton.${company.registerCanton}`)).toEqual(expect.any(String));
      for (const key of ['title', 'description', 'intro']) expect(lookup(texts, `css.${key}`)).toEqual(expect.any(String));
    });

    it(`${locale}: no ß, and only placeholders the pages fill`, () => {
      const known = new Set(['threshold', 'base', 'perKg', 'baseKg', 'paymentDays', 'interest', 'reminderFee', 'noticeDays', 'privacyEmail', 'pharmacist', 'controller', 'phone', 'weight', 'count', 'upTo', 'above', 'percent', 'value', 'type']);
      const json = JSON.stringify(texts);
      expect(json).not.toContain('ß');
      for (const match of json.matchAll(/\{\{(\w+)\}\}/g)) expect(known, match[1]).toContain(match[1]);
    });
  }

  it('the pages live at the SPEC §2 paths', () => {
    expect(LEGAL_PAGES.map((page) => CONTENT_PAGES[page].de)).toEqual(['/versand-lieferung', '/retouren', '/garantiebestimmungen', '/agb', '/datenschutz', '/impressum']);
  });
});

describe('the style guide reads the real design tokens', () => {
  const css = readFileSync(new URL('../../storefront/ui/tokens.css', import.meta.url), 'utf8');

  it('lists every custom property of :root with its value', () => {
    const tokens = parseDesignTokens(css);
    const declared = [...(/:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '').matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]);
    expect(tokens.map((token) => token.name)).toEqual(declared);
    expect(tokens.find((token) => token.name === '--color-primary')).toMatchObject({ group: 'colour', value: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    expect(tokens.filter((token) => token.group === 'space').length).toBeGreaterThan(3);
  });

  it('finds the breakpoints md, lg and xl', () => {
    expect(parseBreakpoints(css)).toEqual([
      { name: 'md', minWidthPx: 768 },
      { name: 'lg', minWidthPx: 1024 },
      { name: 'xl', minWidthPx: 1280 },
    ]);
  });
});
