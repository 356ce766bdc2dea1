import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { ProductTabs_product$key } from './__generated__/ProductTabs_product.graphql';
import { RatingStars } from '../../ui/RatingStars';
import { ShopHtml } from '../../ui/ShopHtml';
import styles from './ProductTabs.module.css';

const fragment = graphql`
  fragment ProductTabs_product on Product {
    description
    usage
    howToUse
    ingredients
    expertReview
    otherInfo
    productData {
      label
      value
    }
    properties {
      group {
        id
        name
      }
      options {
        id
        name
      }
    }
    faq {
      question
      answer
    }
    reviews(first: 10) {
      totalCount
      edges {
        node {
          reviewId
          title
          content
          points
          author
        }
      }
    }
  }
`;

type TabKey = 'description' | 'usage' | 'ingredients' | 'productData' | 'characteristics' | 'reviews' | 'faq' | 'otherInfo';

/**
 * The product's texts as tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and show
 * them; Tab moves into the shown panel. Tabs without content are left out. Every panel is in the server's
 * HTML (hidden but for the shown one), so search engines read all texts. Shop HTML goes through ShopHtml.
 * Without scripts the panels are sections one below the other, each under its title, and the tabs are links to
 * them (#product-panel-…; the same address selects the tab once the page is hydrated).
 */
export function ProductTabs({ product }: { product: ProductTabs_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const reviews = data.reviews.edges.map((edge) => edge.node);

  const candidates: { key: TabKey; content: ReactNode | null }[] = [
    { key: 'description', content: data.description ? <ShopHtml html={data.description} /> : null },
    {
      key: 'usage',
      content:
        data.usage || data.howToUse ? (
          <>
            <ShopHtml html={data.usage} />
            {data.howToUse && (
              <>
                <h3>{t('tabs.howToUse')}</h3>
                <ShopHtml html={data.howToUse} />
              </>
            )}
          </>
        ) : null,
    },
    { key: 'ingredients', content: data.ingredients ? <ShopHtml html={data.ingredients} /> : null },
    {
      key: 'productData',
      content:
        data.productData.length > 0 ? (
          <table className={styles.table}>
            <tbody>
              {data.productData.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null,
    },
    {
      key: 'characteristics',
      content:
        data.properties.length > 0 ? (
          <dl className={styles.properties}>
            {data.properties.map((property) => (
              <div key={property.group.id}>
                <dt>{property.group.name}</dt>
                <dd>{property.options.map((option) => option.name).join(', ')}</dd>
              </div>
            ))}
          </dl>
        ) : null,
    },
    {
      key: 'reviews',
      content:
        data.expertReview || reviews.length > 0 ? (
          <>
            {data.expertReview && (
              <>
                <h3>{t('tabs.expertReview')}</h3>
                <ShopHtml html={data.expertReview} className={styles.expert} />
              </>
            )}
            {reviews.length > 0 && (
              <>
                <h3>{t('tabs.customerReviews')}</h3>
                <ul className={styles.reviews}>
                  {reviews.map((review) => (
                    <li key={review.reviewId}>
                      {review.points != null && <RatingStars value={review.points} />}
                      <h4>{review.title}</h4>
                      <p>{review.content}</p>
                      {review.author && <p className={styles.author}>{t('reviews.by', { author: review.author })}</p>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        ) : null,
    },
    {
      key: 'faq',
      content:
        data.faq.length > 0 ? (
          <dl className={styles.faq}>
            {data.faq.map((entry) => (
              <div key={entry.question}>
                <dt>{entry.question}</dt>
                <dd>{entry.answer}</dd>
              </div>
            ))}
          </dl>
        ) : null,
    },
    { key: 'otherInfo', content: data.otherInfo ? <ShopHtml html={data.otherInfo} /> : null },
  ];
  const tabs = candidates.filter((tab) => tab.content != null);

  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLAnchorElement | null)[]>([]);
  // Until hydrated every tab link can be reached with Tab (the panels are sections then); after, one tab stop.
  const [enhanced, setEnhanced] = useState(false);
  const keys = tabs.map((tab) => tab.key).join(' ');
  useEffect(() => {
    setEnhanced(true);
    const linked = keys.split(' ').indexOf(window.location.hash.replace(/^#product-panel-/, ''));
    if (linked > 0) setActive(linked);
  }, [keys]);
  if (tabs.length === 0) return null;
  const shown = Math.min(active, tabs.length - 1);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setActive(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: shown + 1, ArrowLeft: shown - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section className={styles.tabs} aria-labelledby="product-tabs-heading" data-testid="product-tabs">
      <h2 id="product-tabs-heading" className="visually-hidden">
        {t('tabs.label')}
      </h2>
      <div className={styles.list} role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <a
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            href={`#product-panel-${tab.key}`}
            role="tab"
            id={`product-tab-${tab.key}`}
            aria-controls={`product-panel-${tab.key}`}
            aria-selected={index === shown}
            tabIndex={!enhanced || index === shown ? 0 : -1}
            className={styles.tab}
            onClick={(event) => {
              event.preventDefault();
              select(index);
            }}
          >
            {t(`tabs.${tab.key}`)}
          </a>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`product-panel-${tab.key}`}
          aria-labelledby={`product-tab-${tab.key}`}
          tabIndex={0}
          hidden={index !== shown}
          className={styles.panel}
        >
          <h3 className={styles.sectionTitle}>{t(`tabs.${tab.key}`)}</h3>
          {tab.content}
        </div>
      ))}
    </section>
  );
}
