import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { LOCALES } from '../../platform/i18n/locales';
import { formatPrice } from '../../platform/i18n/money';
import { legalTexts } from '../../platform/i18n/pageTexts/legal';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { parseBreakpoints, parseDesignTokens, type DesignToken } from './designTokens';
import tokensCss from '../../ui/tokens.css?raw';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { TextField } from '../../ui/CheckoutField';
import { DeliveryLogos } from '../../shell/DeliveryLogos';
import type { NotificationType } from '../../shell/notificationQueue';
import { useNotifications } from '../../shell/Notifications';
import { PaymentLogos } from '../../shell/PaymentLogos';
import { RatingStars } from '../../ui/RatingStars';
import { ShopLogo } from '../../shell/ShopLogo';
import styles from './StyleGuide.module.css';

const TOKENS = parseDesignTokens(tokensCss);
const BREAKPOINTS = parseBreakpoints(tokensCss);
const NOTIFICATION_TYPES: readonly NotificationType[] = ['info', 'success', 'warning', 'danger'];

/** The living style guide (/css): the design tokens of storefront/ui/tokens.css and the shared components, live. */
export function StyleGuideView() {
  const { t } = usePageTexts('legal', legalTexts);
  const sections = ['colours', 'typography', 'spacing', 'radii', 'breakpoints', 'buttons', 'fields', 'notifications', 'breadcrumbs', 'rating', 'prices', 'skeleton', 'logos'] as const;
  const heading = (id: (typeof sections)[number]) => (
    <h2 id={id} className={styles.heading}>
      {t(`css.sections.${id}`)}
    </h2>
  );
  return (
    <article className={styles.page}>
      <h1>{t('css.title')}</h1>
      <p className={styles.intro}>{t('css.intro')}</p>
      <nav aria-label={t('common.toc')}>
        <ul className={styles.toc}>
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`css.sections.${id}`)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="colours">
        {heading('colours')}
        <ul className={styles.swatches}>
          {group('colour').map((token) => (
            <li key={token.name} className={styles.swatch}>
              <span className={styles.chip} style={{ background: `var(${token.name})` }} aria-hidden="true" />
              <code>{token.name}</code>
              <span className={styles.value}>{token.value}</span>
              {token.note ? (
                <span className={styles.note} lang="en">
                  {token.note}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="typography">
        {heading('typography')}
        <TokenTable tokens={group('fontSize')} sample={(token) => <span style={{ fontSize: `var(${token.name})` }}>{t('css.typeSample')}</span>} />
        <TokenTable tokens={group('other')} />
      </section>

      <section aria-labelledby="spacing">
        {heading('spacing')}
        <TokenTable tokens={group('space')} sample={(token) => <span className={styles.space} style={{ width: `var(${token.name})` }} />} />
      </section>

      <section aria-labelledby="radii">
        {heading('radii')}
        <TokenTable tokens={[...group('radius'), ...group('shadow')]} sample={(token) => <span className={styles.box} style={token.group === 'radius' ? { borderRadius: `var(${token.name})` } : { boxShadow: `var(${token.name})` }} />} />
      </section>

      <section aria-labelledby="breakpoints">
        {heading('breakpoints')}
        <div className="table-scroll">
          <table className={styles.table}>
            <tbody>
              {BREAKPOINTS.map((breakpoint) => (
                <tr key={breakpoint.name}>
                  <th scope="row">
                    <code>{breakpoint.name}</code>
                  </th>
                  <td>{t(`css.breakpointNames.${breakpoint.name}`)}</td>
                  <td>{t('css.breakpoint', { value: `${breakpoint.minWidthPx}px` })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="buttons">
        {heading('buttons')}
        <div className={styles.row}>
          <button type="button" className={styles.primary}>
            {t('css.primaryButton')}
          </button>
          <button type="button" className={styles.secondary}>
            {t('css.secondaryButton')}
          </button>
          <button type="button" className={styles.primary} disabled>
            {t('css.disabledButton')}
          </button>
        </div>
      </section>

      <section aria-labelledby="fields">
        {heading('fields')}
        <FieldExamples />
      </section>

      <section aria-labelledby="notifications">
        {heading('notifications')}
        <NotificationExamples />
      </section>

      <section aria-labelledby="breadcrumbs">
        {heading('breadcrumbs')}
        <Breadcrumbs
          label={t('css.sections.breadcrumbs')}
          items={[
            { name: t('common.home'), url: '#breadcrumbs' },
            { name: t('css.crumbs.category'), url: '#breadcrumbs' },
            { name: t('css.crumbs.product'), url: null },
          ]}
        />
      </section>

      <section aria-labelledby="rating">
        {heading('rating')}
        <div className={styles.row}>
          {[5, 4.3, 2.5, 0].map((value) => (
            <RatingStars key={value} value={value} />
          ))}
        </div>
      </section>

      <section aria-labelledby="prices">
        {heading('prices')}
        <div className="table-scroll">
          <table className={styles.table}>
            <tbody>
              {LOCALES.map((locale) => (
                <tr key={locale}>
                  <th scope="row">
                    <code>{locale}</code>
                  </th>
                  <td className={styles.price}>{formatPrice(12.9, locale)}</td>
                  <td className={styles.price}>{formatPrice(1234.5, locale)}</td>
                  <td>
                    <s>{formatPrice(19.9, locale)}</s>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="skeleton">
        {heading('skeleton')}
        <div className={styles.skeleton} role="status" aria-busy="true" aria-label={t('css.loading')}>
          <span className={styles.skeletonImage} />
          <span className={styles.skeletonLine} />
          <span className={`${styles.skeletonLine} ${styles.short}`} />
        </div>
      </section>

      <section aria-labelledby="logos">
        {heading('logos')}
        <div className={styles.logos}>
          <ShopLogo />
          <PaymentLogos />
          <DeliveryLogos />
        </div>
      </section>
    </article>
  );
}

function group(name: DesignToken['group']): DesignToken[] {
  return TOKENS.filter((token) => token.group === name);
}

function TokenTable({ tokens, sample }: { tokens: readonly DesignToken[]; sample?: (token: DesignToken) => ReactNode }) {
  const { t } = useTranslation('legal');
  return (
    <div className="table-scroll">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('css.token')}</th>
            <th scope="col">{t('css.value')}</th>
            {sample ? <th scope="col">{t('css.sample')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.name}>
              <th scope="row">
                <code>{token.name}</code>
              </th>
              <td>
                <code>{token.value}</code>
              </td>
              {sample ? <td>{sample(token)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldExamples() {
  const { t } = useTranslation('legal');
  const [zip, setZip] = useState('80');
  const [email, setEmail] = useState('');
  return (
    <div className={styles.fields}>
      <TextField field="styleGuide.zipcode" label={t('css.fieldLabel')} value={zip} onChange={setZip} message={zip.length === 4 ? undefined : t('css.fieldError')} required maxLength={4} inputMode="numeric" />
      <TextField field="styleGuide.email" label={t('css.fieldOk')} value={email} onChange={setEmail} type="email" autoComplete="off" />
    </div>
  );
}

function NotificationExamples() {
  const { t } = useTranslation('legal');
  const { t: shellT } = useTranslation('shell');
  const { notify } = useNotifications();
  return (
    <div className={styles.row}>
      {NOTIFICATION_TYPES.map((type) => (
        <button key={type} type="button" className={styles.secondary} onClick={() => notify({ type, message: t('css.notifyMessage', { type: shellT(`notifications.type.${type}`) }) })}>
          {t('css.notify', { type: shellT(`notifications.type.${type}`) })}
        </button>
      ))}
    </div>
  );
}
