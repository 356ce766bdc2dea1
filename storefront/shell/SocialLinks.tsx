import { useTranslation } from '../platform/i18n/useTranslation';
import styles from './SocialLinks.module.css';

// The operator's profiles; set the real addresses here when the accounts are known.
const PROFILES = [
  {
    network: 'Facebook',
    url: 'https://www.facebook.com/',
    icon: 'M14 8h3V4h-3c-2.8 0-4 1.9-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  },
  {
    network: 'Instagram',
    url: 'https://www.instagram.com/',
    icon: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm4 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    network: 'YouTube',
    url: 'https://www.youtube.com/',
    icon: 'M3 8c0-1.7 1.3-3 3-3h12c1.7 0 3 1.3 3 3v8c0 1.7-1.3 3-3 3H6c-1.7 0-3-1.3-3-3zm7 1v6l5-3z',
  },
  {
    network: 'LinkedIn',
    url: 'https://www.linkedin.com/',
    icon: 'M4 9h4v11H4zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v1.6c.6-1 1.9-1.9 3.6-1.9 3 0 3.4 2 3.4 4.5V20h-4v-5.8c0-1.2-.2-2.2-1.5-2.2S14 13 14 14.3V20h-4z',
  },
] as const;

/** The shop's social media profiles; each link is named for screen readers ("Helvetia Apotheke auf Instagram"). */
export function SocialLinks() {
  const { t } = useTranslation('shell');
  return (
    <ul className={styles.socials}>
      {PROFILES.map((profile) => (
        <li key={profile.network}>
          <a
            className={styles.link}
            href={profile.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('footer.socialOn', { shop: t('shopName'), network: profile.network })}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d={profile.icon} fill="currentColor" fillRule="evenodd" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
