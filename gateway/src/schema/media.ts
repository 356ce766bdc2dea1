import type { Schemas } from '@shopware/api-client/store-api-types';
import { resizedMediaUrl } from '../../../store-api/src/media';
import { builder, type Localized } from './builder';

export type ShopwareMedia = Schemas['Media'];
type ShopwareThumbnail = NonNullable<ShopwareMedia['thumbnails']>[number];

/** The widths the storefront asks for in `srcset` (the seed's thumbnail sizes plus one between). */
export const SOURCE_WIDTHS = [400, 800, 1200, 1900] as const;

/** The media as the graph sees it: read in one language, so alt and title are in that language. */
export function localizedMedia(languageId: string, media: ShopwareMedia | null | undefined): Localized<ShopwareMedia> | null {
  return media ? { languageId, data: media } : null;
}

/**
 * The resize URL of SPEC §9 for a media URL. The resize route lives beside the media files on the
 * shop's origin (ours for the embedded Store API), so the URL is built on the media's own origin and a
 * foreign shop's media stays on that shop. The width rule is the one the resize route applies.
 */
export function resizedUrlOf(mediaUrl: string, width?: number | null): string {
  let origin: string;
  try {
    origin = new URL(mediaUrl).origin;
  } catch {
    origin = ''; // a relative media URL resizes on the page's own origin
  }
  return resizedMediaUrl(origin, mediaUrl, width ?? undefined);
}

const MediaThumbnailRef = builder.objectRef<ShopwareThumbnail>('MediaThumbnail').implement({
  description: 'A thumbnail the shop rendered ahead of time at a fixed size.',
  fields: (t) => ({
    width: t.exposeInt('width', { description: 'Width in pixels.' }),
    height: t.exposeInt('height', { description: 'Height in pixels.' }),
    url: t.exposeString('url', { description: 'Absolute URL of the thumbnail file.' }),
  }),
});

const MediaSourceRef = builder.objectRef<{ width: number; url: string }>('MediaSource').implement({
  description: 'One candidate of an `<img srcset>`: the image resized to a width.',
  fields: (t) => ({
    width: t.exposeInt('width', { description: 'Width in pixels (the `w` descriptor of srcset).' }),
    url: t.exposeString('url', { description: 'URL of the image at that width (WebP).' }),
  }),
});

export const MediaRef = builder.objectRef<Localized<ShopwareMedia>>('Media');

MediaRef.implement({
  description: 'An image or file of the shop (product photo, brand logo, category banner), with its thumbnails and resized variants.',
  fields: (t) => ({
    mediaId: t.string({ description: 'The Shopware media id.', resolve: (m) => m.data.id }),
    url: t.string({ description: 'Absolute URL of the original file.', resolve: (m) => m.data.url }),
    alt: t.string({
      nullable: true,
      description: 'Alternative text in the language the media was read in.',
      resolve: (m) => m.data.translated?.alt ?? m.data.alt ?? null,
    }),
    title: t.string({
      nullable: true,
      description: 'Title in the language the media was read in.',
      resolve: (m) => m.data.translated?.title ?? m.data.title ?? null,
    }),
    width: t.int({ nullable: true, description: 'Width of the original in pixels, when known.', resolve: (m) => m.data.metaData?.width ?? null }),
    height: t.int({ nullable: true, description: 'Height of the original in pixels, when known.', resolve: (m) => m.data.metaData?.height ?? null }),
    mimeType: t.string({ nullable: true, description: 'MIME type, e.g. image/jpeg.', resolve: (m) => m.data.mimeType ?? null }),
    thumbnails: t.field({
      type: [MediaThumbnailRef],
      description: 'The ready-made thumbnails, narrowest first.',
      resolve: (m) => [...(m.data.thumbnails ?? [])].sort((a, b) => a.width - b.width),
    }),
    resizedUrl: t.string({
      description:
        'The image resized to a width (SPEC §9): rounded up to a multiple of 100, 800 when no width is given, at most 1900; WebP.',
      args: { width: t.arg.int({ required: false, description: 'Wanted width in pixels.' }) },
      resolve: (m, args) => resizedUrlOf(m.data.url, args.width),
    }),
    sources: t.field({
      type: [MediaSourceRef],
      description: 'Ready for `srcset`: the image resized to 400, 800, 1200 and 1900 pixels wide.',
      resolve: (m) => SOURCE_WIDTHS.map((width) => ({ width, url: resizedUrlOf(m.data.url, width) })),
    }),
  }),
});
