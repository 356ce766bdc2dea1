import { stableId } from '../ids';
import { LANGUAGES, type LanguageKey } from '../known-ids';
import type { SeededCategory } from './categories';
import { slugify, UniqueSlugs } from './slugs';
import type { TableWriter, Tr } from './table-writer';

// Canonical SEO paths per language, as the common ground agreed: categories by their breadcrumb
// below the root, products as `<name>/<number>`, landing pages by their translated url. Variants get
// their own (`<name>-<choices>/<number>`), claimed after every product so no product's path moves (ADR 0028).

export interface SeoTargets {
  categories: SeededCategory[];
  products: { id: string; productNumber: string; name: Tr; variants?: { id: string; productNumber: string; name: Tr }[] }[];
  landingPages: { id: string; url: Tr }[];
}

export function seedSeoUrls(w: TableWriter, targets: SeoTargets): void {
  for (const language of LANGUAGES) {
    const slugs = new UniqueSlugs();
    const l: LanguageKey = language.key;
    const add = (foreignKey: string, routeName: string, pathInfo: string, wanted: string) => {
      const seoPath = slugs.claim(wanted);
      w.insert('seo_url', {
        id: stableId('seo_url', language.key, routeName, foreignKey), language_id: language.id, foreign_key: foreignKey,
        route_name: routeName, path_info: pathInfo, seo_path_info: seoPath, is_canonical: 1, is_modified: 0, is_deleted: 0,
      });
    };
    for (const category of targets.categories) {
      add(category.id, 'frontend.navigation.page', `/navigation/${category.id}`, category.trail.map((t) => slugify(t[l])).join('/'));
    }
    for (const landingPage of targets.landingPages) {
      add(landingPage.id, 'frontend.landing.page', `/landingPage/${landingPage.id}`, landingPage.url[l]);
    }
    for (const product of targets.products) {
      add(product.id, 'frontend.detail.page', `/detail/${product.id}`, `${slugify(product.name[l])}/${product.productNumber.toLowerCase()}`);
    }
    for (const variant of targets.products.flatMap((product) => product.variants ?? [])) {
      add(variant.id, 'frontend.detail.page', `/detail/${variant.id}`, `${slugify(variant.name[l])}/${slugify(variant.productNumber)}`);
    }
  }
}
