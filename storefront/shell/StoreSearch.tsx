import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRelayEnvironment } from 'react-relay/hooks';
import { useTranslation } from '../platform/i18n/useTranslation';
import { navigate } from 'vike/client/router';
import { GRAPH_LOCALE, localizedPath, type ShopLocale } from '../platform/i18n/locales';
import { formatPrice } from '../platform/i18n/money';
import type { searchSuggestionsQuery$data } from './__generated__/searchSuggestionsQuery.graphql';
import { CLOSED_SUGGEST_BOX, SUGGEST_LIMIT, createSuggestTrigger, suggestKeyDown, type SuggestBoxState } from './searchSuggestBox';
import { ShellIcon } from '../ui/ShellIcon';
import styles from './StoreSearch.module.css';

type Suggestions = searchSuggestionsQuery$data['searchSuggest'] & { term: string };

/** The suggestions' query loads with the first term typed, not with every page (searchSuggestions.ts). */
const suggestModule = () => import('./searchSuggestions');

interface StoreSearchProps {
  locale: ShopLocale;
  /** The term of the search page being shown, so the field keeps it. */
  initialTerm?: string;
}

/**
 * The header's product search: a form that leads to /search?search=… in the page's language, with
 * suggestions while typing (ARIA combobox: the focus stays in the field, arrows move through the
 * list, Enter opens the highlighted product, Escape closes the list). Options are not links: an option's
 * content is presentational in ARIA, so a link inside it would be hidden from assistive technology;
 * a click or Enter on an option navigates to its product.
 */
export function StoreSearch({ locale, initialTerm = '' }: StoreSearchProps) {
  const { t } = useTranslation('shell');
  const environment = useRelayEnvironment();
  const [term, setTerm] = useState(initialTerm);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [box, setBox] = useState<SuggestBoxState>(CLOSED_SUGGEST_BOX);
  const latestAsked = useRef('');
  const baseId = useId();
  const listId = `${baseId}-list`;
  const searchPath = localizedPath('/search', locale);
  const resultsUrl = (searchTerm: string): string => `${searchPath}?search=${encodeURIComponent(searchTerm)}`;

  const trigger = useMemo(
    () =>
      createSuggestTrigger((asked) => {
        latestAsked.current = asked;
        suggestModule()
          .then(({ fetchSuggestions }) => fetchSuggestions(environment, { term: asked, limit: SUGGEST_LIMIT, locale: GRAPH_LOCALE[locale] }))
          .then((data) => {
            // An answer to an older term arriving late must not replace the newer one.
            if (!data || latestAsked.current !== asked) return;
            setSuggestions({ ...data.searchSuggest, term: asked });
            setBox({ open: true, active: -1 });
          })
          .catch(() => {
            // Suggestions are a convenience: when they fail the shopper can still submit the search.
            if (latestAsked.current === asked) setSuggestions(null);
          });
      }),
    [environment, locale],
  );
  useEffect(() => () => trigger.cancel(), [trigger]);

  // The options: the products, then "all results" for the term.
  const options = suggestions
    ? [
        ...suggestions.nodes.map((product) => ({ id: `${baseId}-${product.id}`, url: product.url })),
        ...(suggestions.total > 0 ? [{ id: `${baseId}-all`, url: resultsUrl(suggestions.term) }] : []),
      ]
    : [];
  const expanded = box.open && suggestions !== null;
  const activeOption = expanded && box.active >= 0 ? options[box.active] : undefined;

  const follow = (url: string): void => {
    trigger.cancel();
    latestAsked.current = '';
    setBox(CLOSED_SUGGEST_BOX);
    void navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const outcome = suggestKeyDown(expanded ? box : { ...box, open: false }, event.key, options.length);
    if (outcome.handled) event.preventDefault();
    setBox(outcome.state);
    if (outcome.follow !== undefined) {
      const option = options[outcome.follow];
      if (option) follow(option.url);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const searchTerm = term.trim();
    if (!searchTerm) return;
    follow(resultsUrl(searchTerm));
  };

  return (
    <form className={styles.search} role="search" action={searchPath} method="get" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={`${baseId}-input`}>
        {t('search.label')}
      </label>
      <div
        className={styles.field}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setBox(CLOSED_SUGGEST_BOX);
        }}
      >
        <input
          id={`${baseId}-input`}
          className={styles.input}
          type="search"
          name="search"
          value={term}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption?.id}
          onChange={(event) => {
            setTerm(event.target.value);
            trigger.input(event.target.value);
            if (event.target.value.trim().length < 2) {
              latestAsked.current = '';
              setSuggestions(null);
              setBox(CLOSED_SUGGEST_BOX);
            }
          }}
          onFocus={() => {
            if (suggestions) setBox({ open: true, active: -1 });
          }}
          onKeyDown={onKeyDown}
        />
        <button className={styles.submit} type="submit">
          <ShellIcon name="search" />
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
        <ul
          id={listId}
          className={styles.listbox}
          role="listbox"
          aria-label={t('search.suggestions')}
          hidden={!expanded}
          // Keep the focus in the field while the pointer picks an option.
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions?.nodes.map((product, index) => (
            <li
              key={product.id}
              id={`${baseId}-${product.id}`}
              role="option"
              aria-selected={box.active === index}
              data-url={product.url}
              className={box.active === index ? `${styles.option} ${styles.highlighted}` : styles.option}
              onClick={() => follow(product.url)}
            >
              {product.cover ? (
                <img className={styles.thumbnail} src={product.cover.resizedUrl} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className={styles.thumbnail} />
              )}
              <span className={styles.name}>{product.name}</span>
              <span className={styles.price}>{formatPrice(product.price.unitPrice, locale)}</span>
            </li>
          ))}
          {suggestions && suggestions.total > 0 ? (
            <li
              id={`${baseId}-all`}
              role="option"
              aria-selected={box.active === suggestions.nodes.length}
              data-url={resultsUrl(suggestions.term)}
              className={box.active === suggestions.nodes.length ? `${styles.option} ${styles.highlighted} ${styles.all}` : `${styles.option} ${styles.all}`}
              onClick={() => follow(resultsUrl(suggestions.term))}
            >
              {t('search.showAll', { count: suggestions.total, term: suggestions.term })}
            </li>
          ) : null}
          {suggestions && suggestions.total === 0 ? (
            <li className={styles.empty} role="presentation">
              {t('search.noResults', { term: suggestions.term })}
            </li>
          ) : null}
        </ul>
        <p className="visually-hidden" role="status">
          {expanded && suggestions ? t('search.status', { count: suggestions.nodes.length }) : ''}
        </p>
      </div>
    </form>
  );
}
