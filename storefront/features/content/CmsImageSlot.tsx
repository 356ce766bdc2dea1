import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { classNames, cmsLength } from './cmsLayout';
import { MediaImage } from '../../ui/MediaImage';
import styles from './CmsImageSlot.module.css';
import type { CmsImageSlot_image$key } from './__generated__/CmsImageSlot_image.graphql';

/**
 * A CMS image (banner, teaser), optionally a link; "cover" fills its box at the editor's minimum height.
 * A banner's headline, text and button are HTML over the picture, so they are translated and readable on a phone.
 * `lead`: the banner at the top of the page, loaded at once with high priority (it is the page's largest paint).
 */
export function CmsImageSlot({ image, lead = false }: { image: CmsImageSlot_image$key; lead?: boolean }) {
  const data = useFragment(
    graphql`
      fragment CmsImageSlot_image on CmsImage {
        displayMode
        minHeight
        url
        newTab
        headline
        text
        buttonLabel
        media {
          ...MediaImage_media
        }
      }
    `,
    image,
  );
  if (!data.media) return null;
  const cover = data.displayMode === 'cover' || data.displayMode === 'stretch';
  const style: CSSProperties = cover ? { minHeight: cmsLength(data.minHeight) } : {};
  const picture = (
    <MediaImage
      media={data.media}
      sizes="(min-width: 1280px) 1280px, 100vw"
      className={classNames(styles.image, cover && styles.cover)}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : undefined}
    />
  );
  const banner = data.headline ? (
    <div className={styles.banner}>
      <p className={styles.headline}>{data.headline}</p>
      {data.text ? <p className={styles.text}>{data.text}</p> : null}
      {data.url && data.buttonLabel ? <span className={styles.button}>{data.buttonLabel}</span> : null}
    </div>
  ) : null;
  return (
    <div className={styles.frame} style={style}>
      {data.url ? (
        <a href={data.url} className={styles.link} target={data.newTab ? '_blank' : undefined} rel={data.newTab ? 'noopener noreferrer' : undefined}>
          {picture}
          {banner}
        </a>
      ) : (
        <>
          {picture}
          {banner}
        </>
      )}
    </div>
  );
}
