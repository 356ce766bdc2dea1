import { useTranslation } from '../platform/i18n/useTranslation';
import styles from './Breadcrumbs.module.css';

export interface BreadcrumbItem {
  name: string;
  /** The step's link; null for a step that is not a page of its own. */
  url: string | null;
}

/**
 * Where the page sits in the shop, as an ordered list of links; the last step is the page itself.
 * (Its BreadcrumbList JSON-LD comes from the page's SEO component, not from here.) `label` names a second trail on
 * the same page (the style guide's sample), so screen readers can tell the two navigation landmarks apart.
 */
export function Breadcrumbs({ items, label }: { items: readonly BreadcrumbItem[]; label?: string }) {
  const { t } = useTranslation('shell');
  if (items.length === 0) return null;
  return (
    <nav className={styles.breadcrumbs} aria-label={label ?? t('breadcrumbs.label')}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}:${item.name}`} className={styles.step}>
              {last ? (
                <span aria-current="page" className={styles.current}>
                  {item.name}
                </span>
              ) : item.url ? (
                <a href={item.url}>{item.name}</a>
              ) : (
                <span>{item.name}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
