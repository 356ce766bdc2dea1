import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { formatPrice } from '../../platform/i18n/money';
import { INTL_LOCALE } from '../../platform/i18n/locales';
import { COLLECTION_COST_BANDS } from './collectionCosts';
import { CUSTOMER_SERVICE, OPERATING_COMPANIES, PRESCRIPTION_POSTAL_ADDRESS } from './company';
import { PAYMENT_METHODS, RETENTION_PERIODS, SHOP_COOKIES, type LegalSectionExtra } from './legalPages';
import { SHIPPING_BASE_WEIGHT_KG, SHIPPING_PRICE_PER_STARTED_KG_CHF, shippingExamples } from './shippingExamples';
import styles from './LegalPage.module.css';

/** What a legal section shows besides its text: a table, a list or an address, built from the shop's constants. */
export function LegalSectionExtraView({ extra }: { extra: LegalSectionExtra }) {
  switch (extra) {
    case 'shippingExamples':
      return <ShippingExamplesTable />;
    case 'collectionCosts':
      return <CollectionCostsTable />;
    case 'paymentMethods':
      return <PaymentMethodList />;
    case 'cookies':
      return <CookieTable />;
    case 'retention':
      return <RetentionTable />;
    case 'companies':
      return <CompanyList />;
    case 'contact':
      return <ContactBlock />;
    case 'prescriptionAddress':
      return <PrescriptionAddress />;
    case 'operatorNotes':
      return <OperatorNotes />;
  }
}

function ShippingExamplesTable() {
  const { t } = useTranslation('legal');
  const { locale } = usePageContext();
  const weight = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 3 });
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="shipping-examples">
        <caption>{t('shipping.examples.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shipping.examples.weight')}</th>
            <th scope="col">{t('shipping.examples.calculation')}</th>
            <th scope="col" className={styles.amount}>
              {t('shipping.examples.cost')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shippingExamples().map((example) => (
            <tr key={example.weightKg}>
              <th scope="row">{t('shipping.examples.weightValue', { weight: weight.format(example.weightKg) })}</th>
              <td>
                {example.extraKg === 0
                  ? t('shipping.examples.baseOnly', { baseKg: SHIPPING_BASE_WEIGHT_KG })
                  : t('shipping.examples.withExtra', { count: example.extraKg, perKg: formatPrice(SHIPPING_PRICE_PER_STARTED_KG_CHF, locale) })}
              </td>
              <td className={styles.amount}>{formatPrice(example.costChf, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CollectionCostsTable() {
  const { t } = useTranslation('legal');
  const { locale } = usePageContext();
  const chf = (value: number) => formatPrice(value, locale);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="collection-costs">
        <caption>{t('terms.collectionCosts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('terms.collectionCosts.claim')}</th>
            <th scope="col" className={styles.amount}>
              {t('terms.collectionCosts.maximum')}
            </th>
          </tr>
        </thead>
        <tbody>
          {COLLECTION_COST_BANDS.map((band) => (
            <tr key={band.aboveChf}>
              <th scope="row">
                {band.upToChf === null
                  ? t('terms.collectionCosts.above', { above: chf(band.aboveChf) })
                  : band.aboveChf === 0
                    ? t('terms.collectionCosts.upTo', { upTo: chf(band.upToChf) })
                    : t('terms.collectionCosts.range', { above: chf(band.aboveChf), upTo: chf(band.upToChf) })}
              </th>
              <td className={styles.amount}>{band.maximum.kind === 'fixed' ? chf(band.maximum.chf) : t('terms.collectionCosts.percent', { percent: band.maximum.percent })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentMethodList() {
  const { t } = useTranslation('legal');
  return (
    <ul className={styles.list} aria-label={t('terms.paymentMethods.label')}>
      {PAYMENT_METHODS.map((method) => (
        <li key={method}>{t(`terms.paymentMethods.${method}`)}</li>
      ))}
    </ul>
  );
}

function CookieTable() {
  const { t } = useTranslation('legal');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{t('privacy.cookieTable.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('privacy.cookieTable.name')}</th>
            <th scope="col">{t('privacy.cookieTable.purpose')}</th>
            <th scope="col">{t('privacy.cookieTable.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {SHOP_COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row">
                <code>{cookie.name}</code>
              </th>
              <td>{t(`privacy.cookieTable.purposes.${cookie.purpose}`)}</td>
              <td>{t('privacy.cookieTable.days', { value: cookie.days })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RetentionTable() {
  const { t } = useTranslation('legal');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{t('privacy.retentionTable.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('privacy.retentionTable.data')}</th>
            <th scope="col">{t('privacy.retentionTable.period')}</th>
          </tr>
        </thead>
        <tbody>
          {RETENTION_PERIODS.map((period) => (
            <tr key={period.key}>
              <th scope="row">{t(`privacy.retentionTable.kinds.${period.key}`)}</th>
              <td>
                {period.years !== null
                  ? t('privacy.retentionTable.years', { value: period.years })
                  : period.months !== null
                    ? t('privacy.retentionTable.months', { value: period.months })
                    : t('privacy.retentionTable.days', { value: period.days })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CompanyList() {
  const { t } = useTranslation('legal');
  return (
    <div className={styles.companies}>
      {OPERATING_COMPANIES.map((company) => (
        <address key={company.key} className={styles.address}>
          <strong>{company.name}</strong>
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
          <br />
          {t('imprint.labels.uid')}: {company.uid}
          <br />
          {t(`imprint.labels.registerCanton.${company.registerCanton}`)}
        </address>
      ))}
    </div>
  );
}

function ContactBlock() {
  const { t } = useTranslation('legal');
  return (
    <dl className={styles.contact}>
      <dt>{t('contact.phone')}</dt>
      <dd>
        <a href={CUSTOMER_SERVICE.phoneHref}>{t('contact.phoneFree', { phone: CUSTOMER_SERVICE.phone })}</a>
      </dd>
      <dt>{t('contact.email')}</dt>
      <dd>
        <a href={`mailto:${CUSTOMER_SERVICE.email}`}>{CUSTOMER_SERVICE.email}</a>
      </dd>
    </dl>
  );
}

function PrescriptionAddress() {
  return (
    <address className={styles.address}>
      {PRESCRIPTION_POSTAL_ADDRESS.map((line, index) => (
        <span key={line}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </address>
  );
}

/** The footer's two operator notes, each with the area of the shop it is shown in (storefront/features/content/operatorArea.ts), and the AI-text note. */
function OperatorNotes() {
  const { t } = useTranslation('shell');
  const { t: legal } = useTranslation('legal');
  return (
    <ul className={styles.list}>
      {OPERATING_COMPANIES.map((company) => (
        <li key={company.key}>
          <strong>{legal(`imprint.operatorAreas.${company.key}`)}</strong> {t(`footer.operatorNote.${company.key}`)}
        </li>
      ))}
      <li>{t('footer.aiNote')}</li>
    </ul>
  );
}
