import DataLoader from 'dataloader';
import type { GatewayContext } from './context';
import type { Locale } from './languages';
import { linkFor, type LinkKind } from './links';
import { loaderKey } from './loaders';

// An entity's address in another language than the one it was read in (ADR 0028): the hreflang alternates
// and the language switcher lead to the same product, category or landing page at its own SEO path in that
// language, never to /{lang}/detail/{id} and a redirect. Store API entities carry the SEO URLs of the
// language they were read in only, so the others are read by foreign key: one POST /seo-url per language and
// batch, kept across requests like the other SEO URL reads (shared-reads.ts).

const loaders = new WeakMap<GatewayContext, DataLoader<string, string | null>>();

function seoPathLoader(ctx: GatewayContext): DataLoader<string, string | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (keys) => {
      const byLanguage = new Map<string, string[]>();
      for (const key of keys) {
        const [languageId = '', foreignKey = ''] = key.split(':');
        byLanguage.set(languageId, [...(byLanguage.get(languageId) ?? []), foreignKey]);
      }
      const found = new Map<string, string>();
      await Promise.all(
        [...byLanguage].map(async ([languageId, ids]) => {
          const sorted = [...new Set(ids)].sort();
          const paths = await ctx.sharedReads.read(`seo-paths:${languageId}:${sorted.join(',')}`, async () => {
            const result = await ctx.store(languageId).invoke('readSeoUrl post /seo-url', {
              body: {
                filter: [
                  { type: 'equalsAny', field: 'foreignKey', value: sorted },
                  { type: 'equals', field: 'languageId', value: languageId },
                  { type: 'equals', field: 'isCanonical', value: true },
                  { type: 'equals', field: 'isDeleted', value: false },
                ],
                limit: sorted.length * 2,
              },
            });
            return (result.elements ?? []).map((url): [string, string] => [url.foreignKey, url.seoPathInfo]);
          });
          for (const [foreignKey, seoPath] of paths) found.set(loaderKey(languageId, foreignKey), seoPath);
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    });
    loaders.set(ctx, loader);
  }
  return loader;
}

/** The canonical SEO path of a product, category or landing page in a language, or null when it has none there. */
export function seoPathIn(ctx: GatewayContext, languageId: string, foreignKey: string): Promise<string | null> {
  return seoPathLoader(ctx).load(loaderKey(languageId, foreignKey));
}

/** The storefront path of an entity in `locale`: its SEO path there, else its technical path (linkFor). */
export async function linkIn(ctx: GatewayContext, target: { kind: LinkKind; id: string; locale: Locale; isRoot?: boolean }): Promise<string> {
  if (target.kind === 'category' && target.isRoot) return linkFor(target);
  return linkFor({ ...target, seoPathInfo: await seoPathIn(ctx, ctx.languages.idOf(target.locale), target.id) });
}
