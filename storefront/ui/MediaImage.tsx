import { graphql, useFragment } from 'react-relay/hooks';
import type { MediaImage_media$key } from './__generated__/MediaImage_media.graphql';

interface MediaImageProps {
  media: MediaImage_media$key;
  /** The `sizes` of the srcset: how wide the image is shown (e.g. "(min-width: 1024px) 25vw, 50vw"). */
  sizes: string;
  /** Below the fold: let the browser load it when it comes near (default). */
  loading?: 'lazy' | 'eager';
  /** 'high' for the image that is the first screen's largest paint. */
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
  /** Shown when the media has no alt text (e.g. the product name); "" marks a decorative image. */
  fallbackAlt?: string;
  /** The box the image is drawn in when the original's size is unknown (avoids layout shift). */
  width?: number;
  height?: number;
}

/**
 * A shop image as a responsive `<img srcset>` from the gateway's resized variants (400–1900 px WebP),
 * with its width and height so the page does not jump while it loads.
 */
export function MediaImage({ media, sizes, loading = 'lazy', fetchPriority, className, fallbackAlt = '', width = 800, height = 800 }: MediaImageProps) {
  const data = useFragment(
    graphql`
      fragment MediaImage_media on Media {
        alt
        width
        height
        src: resizedUrl(width: 800)
        sources {
          url
          width
        }
      }
    `,
    media,
  );
  const srcSet = data.sources.map((s) => `${s.url} ${s.width}w`).join(', ');
  return (
    <img
      className={className}
      src={data.src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={data.alt ?? fallbackAlt}
      width={data.width ?? width}
      height={data.height ?? height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
    />
  );
}
