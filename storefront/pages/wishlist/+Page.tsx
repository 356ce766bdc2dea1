import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import { useWishlistList, wishlistFromViewer, WishlistGrid, WishlistRefusal, WishlistLocalProducts, wishlistPageStyles as styles } from '../../features/wishlist';
import type { WishlistPageQuery as WishlistPageQueryType } from './__generated__/WishlistPageQuery.graphql';
import { WishlistPageQuery } from './WishlistPage.query';

/**
 * /wishlist (SPEC §2, §4): a logged-in customer's server list (from the page query), else the browser's
 * local list read by ids after hydration. Removing a product takes it off at once; the header count follows.
 */
export default function Page() {
  const data = usePageQuery<WishlistPageQueryType>(WishlistPageQuery);
  const { t } = useTranslation('customer');
  const { t: tCommon } = useTranslation('common');
  const { locale } = usePageContext();
  const list = useWishlistList();
  const viewer = data.viewer;
  const loggedIn = !!viewer?.loggedIn;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    wishlistFromViewer(viewer);
  }, [viewer]);
  const title = tCommon('pages.wishlist');
  let body;
  if (loggedIn && viewer) {
    // Once the browser knows the server list, it decides (a removal hides the card at once).
    const products = list.loggedIn ? viewer.wishlist.filter((product) => list.ids.includes(product.productId)) : viewer.wishlist;
    body = <WishlistGrid products={products.map((product) => ({ productId: product.productId, card: product }))} />;
  } else if (!mounted) {
    body = <p className={styles.loading}>{t('wishlist.loading')}</p>;
  } else if (list.ids.length === 0) {
    body = <WishlistGrid products={[]} />;
  } else {
    body = (
      <Suspense fallback={<p className={styles.loading}>{t('wishlist.loading')}</p>}>
        <LocalList ids={list.ids} />
      </Suspense>
    );
  }
  return (
    <DefaultLayout query={data} alternates={samePathAlternates('/wishlist')} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath('/wishlist', locale)} alternates={samePathAlternates('/wishlist')} noIndex />
      <section className={styles.page} aria-labelledby="wishlist-title">
        <h1 id="wishlist-title">{title}</h1>
        {!loggedIn ? <p className={styles.hint}>{t('wishlist.localHint')}</p> : null}
        <WishlistRefusal />
        {body}
      </section>
    </DefaultLayout>
  );
}

function LocalList({ ids }: { ids: readonly string[] }) {
  const [queried] = useState(ids);
  return <WishlistLocalProducts ids={queried} shownIds={ids} />;
}
