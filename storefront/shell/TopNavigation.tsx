import { useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import type { TopNavigation_categories$key } from './__generated__/TopNavigation_categories.graphql';
import { linkState } from './navigationActive';
import styles from './TopNavigation.module.css';

const fragment = graphql`
  fragment TopNavigation_categories on Category @relay(plural: true) {
    id
    name
    url
    linkNewTab
    children {
      id
      name
      url
      linkNewTab
    }
  }
`;

/** The top navigation's anchor: on a phone without scripts the "Menü" link opens it (SideMenu). */
export const CATALOGUE_NAVIGATION_ID = 'catalogue-navigation';

interface TopNavigationProps {
  categories: TopNavigation_categories$key;
}

/**
 * The first level of the catalogue across the header (tablet and up); a category's second level drops
 * down on hover and on keyboard focus, and Escape folds it away again (WCAG 1.4.13). On phones it is the menu
 * where the side menu's drawer cannot open for want of scripts: shown, with both levels, when the address names it.
 */
export function TopNavigation({ categories: categoriesKey }: TopNavigationProps) {
  const categories = useFragment(fragment, categoriesKey);
  const { t } = useTranslation('shell');
  const { urlPathname } = usePageContext();
  const [folded, setFolded] = useState<string | null>(null);

  return (
    <nav id={CATALOGUE_NAVIGATION_ID} className={styles.navigation} aria-label={t('topNavigation.label')}>
      <ul className={styles.menu}>
        {categories.map((category) => {
          const children = category.children.filter((child) => child.url);
          const state = linkState(category.url, urlPathname);
          return (
            <li
              key={category.id}
              className={folded === category.id ? `${styles.item} ${styles.folded}` : styles.item}
              onMouseLeave={() => setFolded(null)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFolded(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Escape' || children.length === 0) return;
                setFolded(category.id);
                event.currentTarget.querySelector('a')?.focus();
              }}
            >
              {category.url ? (
                <a
                  className={state ? `${styles.link} active` : styles.link}
                  href={category.url}
                  aria-current={state === 'page' ? 'page' : undefined}
                  target={category.linkNewTab ? '_blank' : undefined}
                  rel={category.linkNewTab ? 'noopener' : undefined}
                >
                  {category.name}
                </a>
              ) : (
                <span className={styles.link}>{category.name}</span>
              )}
              {children.length > 0 ? (
                <ul className={styles.dropdown}>
                  {children.map((child) => {
                    const childState = linkState(child.url, urlPathname);
                    return (
                      <li key={child.id}>
                        <a
                          className={childState ? `${styles.dropdownLink} active` : styles.dropdownLink}
                          href={child.url ?? undefined}
                          aria-current={childState === 'page' ? 'page' : undefined}
                          target={child.linkNewTab ? '_blank' : undefined}
                          rel={child.linkNewTab ? 'noopener' : undefined}
                        >
                          {child.name}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
