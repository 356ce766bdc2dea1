import type { Schemas } from '@shopware/api-client/store-api-types';
import type DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context';
import { linkFor } from '../links';
import { loaderKey, onePerCallLoader } from '../loaders';
import { linkIn } from '../seo-paths';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { SeoMetaRef } from './category';
import { CmsPageRef, localizedCmsPage } from './cms';

// Landing pages: campaign pages (e.g. "Vitamin-Boost") made of a CMS page, reachable by their SEO path.

export type ShopwareLandingPage = Schemas['LandingPage'];
export type LandingPage = Localized<ShopwareLandingPage>;

const byContext = new WeakMap<GatewayContext, DataLoader<string, ShopwareLandingPage | null>>();

/** Landing pages with their resolved CMS page by `${languageId}:${id}` (POST /landing-page/{id}, one per call). */
export function landingPageLoader(ctx: GatewayContext): DataLoader<string, ShopwareLandingPage | null> {
  return onePerCallLoader(byContext, ctx, (languageId, id) =>
    ctx.store(languageId).invoke('readLandingPage post /landing-page/{landingPageId}', { pathParams: { landingPageId: id }, body: {} }),
  );
}

function text(value: string | null | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

export const LandingPageRef = builder.objectRef<LandingPage>('LandingPage');

builder.node(LandingPageRef, {
  description: 'A campaign page of the shop (e.g. a seasonal offer), made of a CMS page and reachable by its own SEO path.',
  id: { resolve: (l) => l.data.id },
  loadMany: (ids, ctx) =>
    landingPageLoader(ctx)
      .loadMany(ids.map((id) => loaderKey(ctx.languageId, id)))
      .then((pages) => pages.map((data) => (data && !(data instanceof Error) ? { languageId: ctx.languageId, data } : null))),
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'landing_page',
  fields: (t) => ({
    landingPageId: t.string({ description: 'The Shopware landing page id.', resolve: (l) => l.data.id }),
    name: t.string({ description: 'The name in the page’s language.', resolve: (l) => l.data.translated?.name ?? l.data.name }),
    url: t.string({
      description:
        'The storefront path: its SEO path in its language, else /landingPage/{id} (SPEC §2). With `locale`: the same page in that language.',
      args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'The language of the page (default: the one it was read in).' }) },
      resolve: (l, args, ctx) => {
        const own = ctx.languages.localeOf(l.languageId) ?? ctx.locale;
        if (args.locale && args.locale !== own) return linkIn(ctx, { kind: 'landingPage', id: l.data.id, locale: args.locale });
        return linkFor({
          kind: 'landingPage',
          id: l.data.id,
          locale: own,
          languageId: l.languageId,
          seoUrls: l.data.seoUrls,
          // Shopware's landing page `url` field is its SEO path when no seoUrls were read
          seoPathInfo: l.data.seoUrls?.length ? null : (l.data.translated?.url ?? l.data.url ?? null),
        });
      },
    }),
    seo: t.field({
      type: SeoMetaRef,
      description: 'Title, description and keywords for search engines.',
      resolve: (l) => ({
        title: text(l.data.translated?.metaTitle ?? l.data.metaTitle),
        description: text(l.data.translated?.metaDescription ?? l.data.metaDescription),
        keywords: text(l.data.translated?.keywords ?? l.data.keywords),
      }),
    }),
    cmsPage: t.field({
      type: CmsPageRef,
      nullable: true,
      description: 'The page’s content.',
      resolve: (l, _args, ctx) => localizedCmsPage(ctx, l.languageId, l.data.cmsPage),
    }),
  }),
});

builder.queryFields((t) => ({
  landingPage: t.field({
    type: LandingPageRef,
    nullable: true,
    description: 'A landing page by its Shopware id, with its CMS page (POST /landing-page/{id}); null when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'The landing page’s Shopware id.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      const id = String(args.id);
      if (!/^[0-9a-f]{32}$/i.test(id)) throw new GraphQLError('id must be a Shopware id (32 hex characters).', { extensions: { code: 'BAD_USER_INPUT', argument: 'id' } });
      const languageId = languageIdFor(ctx, args.locale);
      const page = await landingPageLoader(ctx).load(loaderKey(languageId, id.toLowerCase()));
      return page ? { languageId, data: page } : null;
    },
  }),
}));
