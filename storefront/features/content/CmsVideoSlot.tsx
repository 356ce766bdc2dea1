import { useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { cmsTexts } from '../../platform/i18n/pageTexts/cms';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CONSENT_BANNER_ID, pageHasConsent } from '../../shell/consent';
import styles from './CmsVideoSlot.module.css';
import type { CmsVideoSlot_video$key } from './__generated__/CmsVideoSlot_video.graphql';

/**
 * A CMS video (YouTube or Vimeo in their privacy-enhanced players). Nothing of the provider loads before consent
 * (ADR 0029): a placeholder names the provider and loads the player when clicked — at once when the shopper granted
 * external media in the consent banner. Without scripts the button is a link to the provider's player.
 */
export function CmsVideoSlot({ video }: { video: CmsVideoSlot_video$key }) {
  const data = useFragment(
    graphql`
      fragment CmsVideoSlot_video on CmsVideo {
        providerName
        embedUrl
        title
      }
    `,
    video,
  );
  const { t } = usePageTexts('cms', cmsTexts);
  const [playing, setPlaying] = useState(false);
  // The consent cookie is read in the browser only, so the cached page is the same for everyone.
  useEffect(() => {
    if (pageHasConsent('externalMedia')) setPlaying(true);
  }, []);
  const provider = data.providerName;
  const title = data.title ?? t('video.title', { provider });
  return (
    <figure className={styles.video} data-video-provider={provider}>
      {playing ? (
        <iframe className={styles.frame} src={data.embedUrl} title={title} allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen />
      ) : (
        <div className={styles.placeholder}>
          <p>{t('video.notice', { provider })}</p>
          <a
            className={styles.load}
            href={data.embedUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
          >
            {t('video.load', { provider })}
          </a>
          <a href={`#${CONSENT_BANNER_ID}`}>{t('video.settings')}</a>
        </div>
      )}
      {data.title ? <figcaption className={styles.caption}>{data.title}</figcaption> : null}
    </figure>
  );
}
