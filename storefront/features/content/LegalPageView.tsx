import { useFragment, graphql } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { legalTexts } from '../../platform/i18n/pageTexts/legal';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { formatPrice } from '../../platform/i18n/money';
import type { ShopLocale } from '../../platform/i18n/locales';
import { CUSTOMER_SERVICE, OPERATING_COMPANIES, RESPONSIBLE_PHARMACIST } from './company';
import { INVOICE_TERMS, LEGAL_SECTIONS, PRIVACY_CHANGE_NOTICE_DAYS, type LegalPage, type LegalSection } from './legalPages';
import { SHIPPING_BASE_PRICE_CHF, SHIPPING_BASE_WEIGHT_KG, SHIPPING_PRICE_PER_STARTED_KG_CHF } from './shippingExamples';
import type { LegalPageView_query$key } from './__generated__/LegalPageView_query.graphql';
import { LegalSectionExtraView } from './LegalSectionExtras';
import styles from './LegalPage.module.css';

const fragment = graphql`
  fragment LegalPageView_query on Query @argumentDefinitions(withShippingThreshold: { type: "Boolean!", defaultValue: false }) {
    cart @include(if: $withShippingThreshold) {
      freeShipping {
        threshold
      }
    }
  }
`;

/** The numbers the legal texts name, formatted for the page's language. */
export function legalTextValues(locale: ShopLocale, thresholdChf: number | null): Record<string, string | number> {
  return {
    threshold: thresholdChf === null ? '' : formatPrice(thresholdChf, locale),
    base: formatPrice(SHIPPING_BASE_PRICE_CHF, locale),
    perKg: formatPrice(SHIPPING_PRICE_PER_STARTED_KG_CHF, locale),
    baseKg: SHIPPING_BASE_WEIGHT_KG,
    paymentDays: INVOICE_TERMS.paymentDays,
    interest: INVOICE_TERMS.defaultInterestPercent,
    reminderFee: formatPrice(INVOICE_TERMS.reminderFeeChf, locale),
    noticeDays: PRIVACY_CHANGE_NOTICE_DAYS,
    privacyEmail: CUSTOMER_SERVICE.privacyEmail,
    pharmacist: RESPONSIBLE_PHARMACIST,
    controller: controllerAddress(),
  };
}

/** The controller of the shop's data (the pharmacy chain, which dispenses medicines): name and address. */
function controllerAddress(): string {
  const company = OPERATING_COMPANIES.find((candidate) => candidate.key === 'pharmacyChain')!;
  return `${company.name}, ${company.street}, ${company.postalCode} ${company.city}`;
}

/** The free-shipping threshold the shipping page names: the Store API's setting, read through the cart. */
export function useLegalShippingThreshold(query: LegalPageView_query$key): number | null {
  const data = useFragment(fragment, query);
  return data.cart?.freeShipping.threshold ?? null;
}

interface LegalPageViewProps {
  page: LegalPage;
  query: LegalPageView_query$key;
}

/**
 * A legal or service page (shipping, returns, guarantee, terms, privacy, imprint): the title, a short
 * introduction, a table of contents and the sections with anchor ids. The sections' order, their tables
 * and the links between the pages come from storefront/features/content/legalPages.ts; the words from legal.json.
 */
export function LegalPageView({ page, query }: LegalPageViewProps) {
  const { t } = usePageTexts('legal', legalTexts);
  const { locale } = usePageContext();
  const threshold = useLegalShippingThreshold(query);
  const values = legalTextValues(locale, threshold);
  const sections = LEGAL_SECTIONS[page];
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t(`${page}.title`)}</h1>
      <p className={styles.intro}>{t(`${page}.intro`, values)}</p>
      <nav className={styles.toc} aria-labelledby="legal-toc">
        <h2 id="legal-toc" className={styles.tocTitle}>
          {t('common.toc')}
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{t(`${page}.sections.${section.id}.heading`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <LegalSectionView key={section.id} page={page} section={section} values={values} />
      ))}
      <p className={styles.updated}>{t('common.updated')}</p>
    </article>
  );
}

function LegalSectionView({ page, section, values }: { page: LegalPage; section: LegalSection; values: Record<string, string | number> }) {
  const { t } = useTranslation('legal');
  const { locale } = usePageContext();
  const base = `${page}.sections.${section.id}`;
  const paragraphs = textList(t(`${base}.paragraphs`, { ...values, returnObjects: true, defaultValue: [] }));
  const items = textList(t(`${base}.items`, { ...values, returnObjects: true, defaultValue: [] }));
  // Paragraphs up to the first one that ends in a colon lead into the list and the table; the rest follow them.
  const leadCount = paragraphs.findIndex((text) => text.trimEnd().endsWith(':')) + 1 || paragraphs.length;
  return (
    <section className={styles.section} aria-labelledby={section.id}>
      <h2 id={section.id} className={styles.heading}>
        {t(`${base}.heading`)}
      </h2>
      {paragraphs.slice(0, leadCount).map((text) => (
        <p key={text}>{text}</p>
      ))}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {section.extra ? <LegalSectionExtraView extra={section.extra} /> : null}
      {paragraphs.slice(leadCount).map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.links && section.links.length > 0 ? (
        <p className={styles.links}>
          {t('common.seeAlso')}{' '}
          {section.links.map((linked, index) => (
            <span key={linked}>
              {index > 0 ? ' · ' : null}
              <a href={contentPagePath(linked, locale)}>{t(`pages.${linked}`)}</a>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
