import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { cardBadges, cardPrice } from '../catalog/cardPrice';
import { formatPrice } from '../../platform/i18n/money';
import { isShopLocale } from '../../platform/i18n/locales';
import { CardAddToCart } from './CardAddToCart';
import { RatingStars } from '../../ui/RatingStars';
import { WishlistHeart } from '../wishlist';
import styles from './ProductCard.module.css';
import type { ProductCard_product$key } from './__generated__/ProductCard_product.graphql';

interface ProductCardProps {
  product: ProductCard_product$key;
  /** The first cards of a page are above the fold: load their images at once. */
  eager?: boolean;
}

const CARD_IMAGE_SIZE = 600;
/** How wide a card is shown: half a phone's width, a 16rem column from tablets on. */
const CARD_SIZES = '(min-width: 768px) 16rem, 50vw';

/** A product in a grid or slider: picture, brand, name, price, the shop's badges and add to cart (or, sold out, why not). */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  const { t, i18n } = useTranslation('catalog');
  const locale = isShopLocale(i18n.language) ? i18n.language : 'de';
  const data = useFragment(
    graphql`
      fragment ProductCard_product on Product {
        productId
        name
        url
        available
        minPurchase
        purchaseSteps
        # A parent with variants is not bought itself: its card leads to the page to choose one.
        hasVariants
        packing
        brand {
          name
        }
        cover {
          alt
          resizedUrl(width: 600)
          small: resizedUrl(width: 400)
        }
        price {
          unitPrice
          listPrice {
            price
            percentage
          }
        }
        priceRange {
          from
          hasRange
        }
        # The listing sorts by it (price-asc): the "from" price the shopper sees must be the same.
        cheapestPrice {
          unitPrice
        }
        promotionDiscount
        ratingAverage
        clickAndCollectOnly
        shippingFree
      }
    `,
    product,
  );
  const price = cardPrice(data);
  const badges = cardBadges(data);
  const amount = formatPrice(price.amount, locale);
  const chooseVariant = data.hasVariants;
  return (
    <article className={styles.card}>
      <div className={styles.picture}>
        {/* Two WebP widths: 400 px for a phone's two-column grid (about 190 px at 1.75x), 600 px for wider
            screens and 2x. The gateway's `sources` list per card would cost every page query more than its
            complexity limit allows (a slider holds ten cards per CMS slot). Product pictures are square: the
            fixed size keeps the grid from jumping while they load. */}
        {data.cover ? (
          <img
            src={data.cover.resizedUrl}
            srcSet={`${data.cover.small} 400w, ${data.cover.resizedUrl} ${CARD_IMAGE_SIZE}w`}
            sizes={CARD_SIZES}
            alt={data.cover.alt ?? data.name}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.image}
          />
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
        {price.discountPercent !== null && (
          <span className={styles.discount}>{t('card.discount', { percent: price.discountPercent })}</span>
        )}
        <WishlistHeart productId={data.productId} name={data.name} />
      </div>
      {data.brand && <p className={styles.brand}>{data.brand.name}</p>}
      <h3 className={styles.name}>
        {/* The whole card is clickable through this link's ::after; one link per card for screen readers. */}
        <a href={data.url} className={styles.link}>
          {data.name}
        </a>
      </h3>
      {data.packing && <p className={styles.packing}>{data.packing}</p>}
      {data.ratingAverage != null && data.ratingAverage > 0 && (
        <p className={styles.rating}>
          <RatingStars value={data.ratingAverage} />
        </p>
      )}
      <p className={styles.price} data-price={price.amount}>
        {price.isFrom ? t('card.fromPrice', { price: amount }) : amount}
        {price.previous !== null && (
          <>
            {' '}
            <del className={styles.previous}>
              <span className="visually-hidden">{t('card.previousPrice')} </span>
              {formatPrice(price.previous, locale)}
            </del>
          </>
        )}
      </p>
      {badges.length > 0 && (
        <ul className={styles.badges}>
          {badges.map((badge) => (
            <li key={badge} className={badge === 'clickAndCollect' ? styles.collectBadge : styles.shippingBadge}>
              {t(`card.badge.${badge}`)}
            </li>
          ))}
        </ul>
      )}
      {!data.available && !chooseVariant && (
        <p className={styles.soldOut} data-testid="card-sold-out">
          {t('product:availability.notAvailable')}
        </p>
      )}
      {(data.available || chooseVariant) && (
        <CardAddToCart
          productId={data.productId}
          name={data.name}
          url={data.url}
          minPurchase={data.minPurchase}
          purchaseSteps={data.purchaseSteps}
          chooseVariant={chooseVariant}
        />
      )}
    </article>
  );
}
