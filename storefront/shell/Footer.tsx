import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath, type ShopLocale } from '../platform/i18n/locales';
import { CONTENT_PAGES, SERVICE_PAGES } from '../platform/i18n/contentPages';
import { operatorOfPage } from '../features/content';
import { CONSENT_BANNER_ID } from '../shell/consent';
import type { Footer_query$key } from './__generated__/Footer_query.graphql';
import { NewsletterSignup } from '../features/newsletter';
import { ShopRating } from './ShopRating';
import { ServerIsland } from '../platform/ServerIsland';
// The badges island's styles stay in the page's CSS: its HTML comes from the server without its chunk.
import '../ui/LogoBadge.module.css';
import './PaymentLogos.module.css';
import './DeliveryLogos.module.css';
import './SocialLinks.module.css';
import styles from './Footer.module.css';

const fragment = graphql`
  fragment Footer_query on Query @argumentDefinitions(locale: { type: "Locale" }) {
    footerNavigation: navigation(depth: 1, root: FOOTER, locale: $locale) {
      id
      name
      url
      linkNewTab
    }
  }
`;

type FooterLinkKey =
  | 'service'
  | 'delivery'
  | 'returns'
  | 'warranty'
  | 'contact'
  | 'about'
  | 'career'
  | 'brands'
  | 'bestsellers'
  | 'imprint'
  | 'privacy'
  | 'terms';

/**
 * SPEC §2's footer links, with the localized content-page paths of its table (the router knows them
 * even while a page's body is still to come). Service, about, contact and career are content pages
 * under /s/.
 */
const FOOTER_LINKS: Record<FooterLinkKey, Record<ShopLocale, string>> = {
  service: SERVICE_PAGES.service,
  delivery: CONTENT_PAGES.shipping,
  returns: CONTENT_PAGES.returns,
  warranty: CONTENT_PAGES.guarantee,
  contact: SERVICE_PAGES.contact,
  about: SERVICE_PAGES.about,
  career: SERVICE_PAGES.career,
  brands: CONTENT_PAGES.brands,
  bestsellers: { de: '/t/bestseller', it: '/t/bestseller', fr: '/t/bestseller' },
  imprint: CONTENT_PAGES.imprint,
  privacy: CONTENT_PAGES.privacy,
  terms: CONTENT_PAGES.terms,
};

const COLUMNS: { title: 'serviceTitle' | 'companyTitle' | 'legalTitle'; links: FooterLinkKey[] }[] = [
  { title: 'serviceTitle', links: ['service', 'delivery', 'returns', 'warranty', 'contact'] },
  { title: 'companyTitle', links: ['about', 'career', 'brands', 'bestsellers'] },
  { title: 'legalTitle', links: ['imprint', 'privacy', 'terms'] },
];

interface FooterProps {
  query: Footer_query$key;
}

// Names compared by their base letters ("Über uns" = "uber uns"). Not with an Intl.Collator: building the first
// one loads the browser's collation data, 30–100 ms of a phone's main thread on every page (issue 8, Lighthouse).
const baseLetters = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const sameName = (a: string, b: string): boolean => baseLetters(a) === baseLetters(b);

/** The footer's logos as a chunk of their own, for a layout rendered after a client navigation. */
const loadFooterBadges = () => import('./FooterBadges').then((module) => module.FooterBadges);

/**
 * The shop's footer: newsletter, the SPEC's link list and the shop's own footer links,
 * payment and delivery logos, socials, rating, and the legal notes.
 */
export function Footer({ query }: FooterProps) {
  const { footerNavigation } = useFragment(fragment, query);
  const { t } = useTranslation('shell');
  const { locale, urlPathname } = usePageContext();
  // SPEC §1: the footer note names the operator of the shop's area the page belongs to.
  const operator = operatorOfPage(urlPathname, locale);

  const specLinks = COLUMNS.flatMap((column) =>
    column.links.map((key) => ({ name: t(`footer.links.${key}`), url: localizedPath(FOOTER_LINKS[key][locale], locale) })),
  );
  // The shop's footer tree adds its own links (pharmacies, magazine) where the list above does not already hold
  // them (same link or same name). Its SERVICE tree is not shown: it names the same pages as the SPEC list,
  // under paths of its own that the router does not know.
  const moreLinks = footerNavigation.filter(
    (entry, index, all): entry is typeof entry & { url: string } =>
      entry.url !== null &&
      all.findIndex((other) => other.url === entry.url) === index &&
      !specLinks.some((link) => link.url === entry.url || sameName(link.name, entry.name)),
  );

  return (
    <footer className={styles.footer}>
      <div className={styles.top}>
        <div className={`page-width ${styles.topInner}`}>
          <NewsletterSignup />
          <ShopRating />
        </div>
      </div>
      <div className={`page-width ${styles.links}`}>
        <nav className={styles.columns} aria-label={t('footer.linksLabel')}>
          {COLUMNS.map((column) => (
            <div key={column.title} className={styles.column}>
              <h2 className={styles.heading}>{t(`footer.${column.title}`)}</h2>
              <ul className={styles.list}>
                {column.links.map((key) => (
                  <li key={key}>
                    <a href={localizedPath(FOOTER_LINKS[key][locale], locale)}>{t(`footer.links.${key}`)}</a>
                  </li>
                ))}
                {column.title === 'legalTitle' ? (
                  <li>
                    {/* Opens the server-rendered consent banner (server/consent.ts) by its id: no script needed. */}
                    <a href={`#${CONSENT_BANNER_ID}`}>{t('footer.consentSettings')}</a>
                  </li>
                ) : null}
              </ul>
            </div>
          ))}
          {moreLinks.length > 0 ? (
            <div className={styles.column}>
              <h2 className={styles.heading}>{t('footer.moreTitle')}</h2>
              <ul className={styles.list}>
                {moreLinks.map((entry) => (
                  <li key={entry.id}>
                    <a href={entry.url} target={entry.linkNewTab ? '_blank' : undefined} rel={entry.linkNewTab ? 'noopener' : undefined}>
                      {entry.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </nav>
        <ServerIsland name="footerBadges" of={locale} props={{}} load={loadFooterBadges} className={styles.badges} />
      </div>
      <div className={styles.notes}>
        <div className="page-width">
          <p>{t(`footer.operatorNote.${operator}`)}</p>
          <p>{t('footer.aiNote')}</p>
          <p>{t('footer.prices')}</p>
        </div>
      </div>
    </footer>
  );
}
