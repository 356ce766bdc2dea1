import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import type { SideMenu_categories$key } from './__generated__/SideMenu_categories.graphql';
import { linkState } from './navigationActive';
import { ShellIcon } from '../ui/ShellIcon';
import { CATALOGUE_NAVIGATION_ID } from './TopNavigation';
import styles from './SideMenu.module.css';

const fragment = graphql`
  fragment SideMenu_categories on Category @relay(plural: true) {
    id
    name
    url
    children {
      id
      name
      url
    }
  }
`;

interface SideMenuProps {
  categories: SideMenu_categories$key;
}

const FOCUSABLE = 'a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The catalogue tree in a drawer for phones. It is a modal <dialog>: the page behind is inert, Tab
 * cycles inside it, Escape closes it and the focus returns to the menu button.
 *
 * The tree is rendered only while the drawer is open (issue 8): opening it needs the page's script anyway, and
 * its 130 elements in every page's HTML were parsed, laid out and hydrated before the first paint for nothing.
 * The top navigation keeps the catalogue's links in the HTML for search engines, and for phones without scripts:
 * there "Menü" is a link that unfolds it.
 */
export function SideMenu({ categories: categoriesKey }: SideMenuProps) {
  const categories = useFragment(fragment, categoriesKey);
  const { t } = useTranslation('shell');
  const { urlPathname } = usePageContext();
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const titleId = useId();

  const show = (): void => {
    // the tree is in the dialog before it opens, so the focus lands on its first link
    flushSync(() => setOpen(true));
    dialog.current?.showModal();
  };
  const close = (): void => {
    dialog.current?.close();
  };
  // Browsers let Tab leave a modal dialog for their own toolbar; keep it on the drawer's links (those in a
  // closed branch are not visible and so not counted).
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.sideMenu}>
      <button
        ref={button}
        type="button"
        className={styles.toggle}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={show}
      >
        <ShellIcon name="menu" />
        <span>{t('menu.open')}</span>
      </button>
      <noscript>
        <a className={styles.toggle} href={`#${CATALOGUE_NAVIGATION_ID}`}>
          <ShellIcon name="menu" />
          <span>{t('menu.open')}</span>
        </a>
      </noscript>
      <dialog
        ref={dialog}
        id={dialogId}
        className={styles.drawer}
        aria-labelledby={titleId}
        onKeyDown={trapTab}
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog box itself, outside its content) closes it; so does following a link.
          if (event.target === event.currentTarget || (event.target as Element).closest('a')) close();
        }}
      >
        {open && (
          <div className={styles.content}>
            <div className={styles.head}>
              <h2 id={titleId} className={styles.title}>
                {t('menu.title')}
              </h2>
              <button type="button" className={styles.close} onClick={close} aria-label={t('menu.close')}>
                <ShellIcon name="close" />
              </button>
            </div>
            <nav aria-label={t('menu.label')}>
              <ul className={styles.tree}>
                {categories.map((category) => {
                  const children = category.children.filter((child) => child.url);
                  const state = linkState(category.url, urlPathname);
                  if (children.length === 0 || !category.url) {
                    return (
                      <li key={category.id}>
                        {category.url ? (
                          <a className={state ? `${styles.link} active` : styles.link} href={category.url} aria-current={state === 'page' ? 'page' : undefined}>
                            {category.name}
                          </a>
                        ) : (
                          <span className={styles.link}>{category.name}</span>
                        )}
                      </li>
                    );
                  }
                  return (
                    <li key={category.id}>
                      {/* The branch of the current page starts open. */}
                      <details className={styles.branch} open={state !== undefined}>
                        <summary className={state ? `${styles.summary} ${styles.activeSummary}` : styles.summary}>
                          {category.name}
                          <ShellIcon name="chevron" />
                        </summary>
                        <ul className={styles.children}>
                          <li>
                            <a className={state === 'page' ? `${styles.link} active` : styles.link} href={category.url} aria-current={state === 'page' ? 'page' : undefined}>
                              {t('menu.showAll', { name: category.name })}
                            </a>
                          </li>
                          {children.map((child) => {
                            const childState = linkState(child.url, urlPathname);
                            return (
                              <li key={child.id}>
                                <a
                                  className={childState ? `${styles.link} active` : styles.link}
                                  href={child.url ?? undefined}
                                  aria-current={childState === 'page' ? 'page' : undefined}
                                >
                                  {child.name}
                                </a>
                              </li>
                            );
                          })}
                        </ul>
                      </details>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>
        )}
      </dialog>
    </div>
  );
}
