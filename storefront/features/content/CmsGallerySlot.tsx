import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import styles from './CmsGallerySlot.module.css';
import type { CmsGallerySlot_gallery$key } from './__generated__/CmsGallerySlot_gallery.graphql';

/** An image gallery of the CMS: a row of images that scrolls sideways, each optionally a link. */
export function CmsGallerySlot({ gallery }: { gallery: CmsGallerySlot_gallery$key }) {
  const { t } = useTranslation('catalog');
  const data = useFragment(
    graphql`
      fragment CmsGallerySlot_gallery on CmsImageGallery {
        items {
          url
          newTab
          media {
            mediaId
            alt
            resizedUrl(width: 800)
          }
        }
      }
    `,
    gallery,
  );
  if (data.items.length === 0) return null;
  return (
    <ul className={styles.gallery} aria-label={t('cms.gallery')}>
      {data.items.map((item, index) => {
        // One 800 px WebP per image: a srcset list per gallery item would multiply the page query's cost.
        const picture = <img src={item.media.resizedUrl} alt={item.media.alt ?? ''} loading="lazy" decoding="async" className={styles.image} />;
        return (
          <li key={`${index}-${item.media.mediaId}`} className={styles.item}>
            {item.url ? (
              <a href={item.url} target={item.newTab ? '_blank' : undefined} rel={item.newTab ? 'noopener noreferrer' : undefined}>
                {picture}
              </a>
            ) : (
              picture
            )}
          </li>
        );
      })}
    </ul>
  );
}
