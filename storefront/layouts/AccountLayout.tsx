import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath, shownPathOf } from '../i18n/locales';
import { DefaultLayout, type DefaultLayoutProps } from './DefaultLayout';
import styles from './AccountLayout.module.css';

const ACCOUNT_SECTIONS = [
  { path: '/account', key: 'overview' },
  { path: '/account/order', key: 'orders' },
  { path: '/account/address', key: 'addresses' },
  { path: '/account/payment', key: 'payment' },
  { path: '/account/profile', key: 'profile' },
] as const;

/** The account area (SPEC §2): the shop's shell with the account's own menu beside the page. */
export function AccountLayout({ children, ...shell }: DefaultLayoutProps) {
  const { t } = useTranslation('common');
  const pageContext = usePageContext();
  const { locale } = pageContext;
  const urlPathname = shownPathOf(pageContext);
  return (
    <DefaultLayout {...shell}>
      <div className={styles.account}>
        <nav className={styles.menu} aria-label={t('account.menu')}>
          <ul>
            {ACCOUNT_SECTIONS.map((section) => {
              const href = localizedPath(section.path, locale);
              return (
                <li key={section.key}>
                  <a href={href} aria-current={href === urlPathname ? 'page' : undefined}>
                    {t(`account.${section.key}`)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={styles.content}>{children}</div>
      </div>
    </DefaultLayout>
  );
}
