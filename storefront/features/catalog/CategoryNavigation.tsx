import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import styles from './CategoryNavigation.module.css';
import type { CategoryNavigation_category$key } from './__generated__/CategoryNavigation_category.graphql';

/**
 * The side navigation of a category page (the CMS's category-navigation slot): the category's
 * sub-categories, or — for a category without any — its siblings, the current one marked.
 */
export function CategoryNavigation({ category }: { category: CategoryNavigation_category$key }) {
  const { t } = useTranslation('catalog');
  const data = useFragment(
    graphql`
      fragment CategoryNavigation_category on Category {
        categoryId
        name
        url
        children {
          categoryId
          name
          url
        }
        parent {
          name
          url
          level
          children {
            categoryId
            name
            url
          }
        }
      }
    `,
    category,
  );
  const leaf = data.children.length === 0;
  // A leaf shows its siblings under its parent; the tree's root (level 1, the home page) is no heading.
  const heading = leaf && data.parent && data.parent.level > 1 ? data.parent : data;
  const entries = leaf ? (data.parent?.children ?? []) : data.children;
  if (entries.length === 0) return null;
  return (
    <nav className={styles.navigation} aria-label={t('cms.categoryNavigation')}>
      {heading.url ? (
        <a href={heading.url} className={styles.heading}>
          {heading.name}
        </a>
      ) : (
        <span className={styles.heading}>{heading.name}</span>
      )}
      <ul className={styles.list}>
        {entries.map((entry) =>
          entry.url ? (
            <li key={entry.categoryId}>
              <a href={entry.url} aria-current={entry.categoryId === data.categoryId ? 'page' : undefined}>
                {entry.name}
              </a>
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}
