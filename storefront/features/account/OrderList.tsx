import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
// Only this page paginates: the hook comes from the full package, in this page's chunk (storefront/platform/relay/clientRelayHooks.js).
import { usePaginationFragment } from 'react-relay';
import { usePageContext } from 'vike-react/usePageContext';
import { formatShopDate } from '../../platform/i18n/dates';
import { localizedPath } from '../../platform/i18n/locales';
import { formatPrice } from '../../platform/i18n/money';
import type { OrderList_query$key } from './__generated__/OrderList_query.graphql';
import type { OrderListPaginationQuery } from './__generated__/OrderListPaginationQuery.graphql';
import styles from './AccountOrder.module.css';

/** How many orders one "load more" adds. */
const PAGE_SIZE = 10;

/** The customer's orders, newest first (SPEC §2 /account/order), ten at a time with "load more". */
export function OrderList({ query }: { query: OrderList_query$key }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<OrderListPaginationQuery, OrderList_query$key>(
    graphql`
      fragment OrderList_query on Query
      @refetchable(queryName: "OrderListPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 10 }, after: { type: "String" }) {
        viewer {
          id
          orders(first: $first, after: $after) @connection(key: "OrderList_orders") {
            totalCount
            edges {
              node {
                id
                orderId
                orderNumber
                orderDate
                status
                paymentStatus
                paymentChangeable
                totalPrice
                lineItems {
                  id
                  type
                  quantity
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  const orders = data.viewer?.orders;
  const edges = orders?.edges ?? [];
  // in Swiss time, so the server and the browser write the same day
  const date = (value: string) => formatShopDate(value, locale);
  if (!orders || edges.length === 0) {
    return (
      <section className={styles.section} aria-labelledby="orders-title">
        <h1 id="orders-title">{t('orders.title')}</h1>
        <p data-testid="orders-empty">{t('orders.empty')}</p>
        <p>
          <a href={localizedPath('/', locale)}>{t('orders.toShop')}</a>
        </p>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="orders-title">
      <h1 id="orders-title">{t('orders.title')}</h1>
      <p className={styles.muted}>{t('orders.count', { count: orders.totalCount })}</p>
      <ul className={styles.orderList} data-testid="order-list">
        {edges.map(({ node: order }) => {
          const pieces = order.lineItems.filter((line) => line.type === 'PRODUCT').reduce((sum, line) => sum + line.quantity, 0);
          return (
            <li key={order.id} className={styles.orderRow} data-testid="order-row" data-order-number={order.orderNumber}>
              <div>
                <h2 className={styles.orderNumber}>
                  <a href={localizedPath(`/account/order/${order.orderId}`, locale)} aria-label={t('orders.detailsOf', { number: order.orderNumber })}>
                    {t('orders.number', { number: order.orderNumber })}
                  </a>
                </h2>
                <p className={styles.muted}>
                  {t('orders.placedOn', { date: date(order.orderDate) })} · {t('orders.pieces', { count: pieces })}
                </p>
              </div>
              <p className={styles.orderState}>
                {order.status === 'CANCELLED' ? (
                  <span className={styles.badgeMuted}>{t('orders.cancelled')}</span>
                ) : order.paymentStatus === 'PAID' ? (
                  <span className={styles.badgeOk}>{t('orders.paid')}</span>
                ) : order.paymentChangeable ? (
                  <span className={styles.badgeWarn}>{t('orders.unpaid')}</span>
                ) : null}
              </p>
              <p className={styles.orderTotal}>{formatPrice(order.totalPrice, locale)}</p>
            </li>
          );
        })}
      </ul>
      {hasNext ? (
        <p>
          <button type="button" className={styles.secondaryButton} disabled={isLoadingNext} aria-busy={isLoadingNext || undefined} onClick={() => loadNext(PAGE_SIZE)}>
            {t('orders.loadMore')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
