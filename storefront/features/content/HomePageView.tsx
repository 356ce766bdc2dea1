import { graphql, useFragment } from 'react-relay/hooks';
import { CmsPage } from './CmsPage';
import styles from './HomePageView.module.css';
import type { HomePageView_category$key } from './__generated__/HomePageView_category.graphql';

/**
 * The home page: the root category's CMS page (hero, texts, product sliders, category navigation).
 * CategoryPageView shows it for the tree's root (level 1), so "/", "/it" and "/fr" need nothing else.
 */
export function HomePageView({ category }: { category: HomePageView_category$key }) {
  const data = useFragment(
    graphql`
      fragment HomePageView_category on Category {
        name
        seo {
          title
        }
        cmsPage {
          ...CmsPage_page
        }
        ...CategoryNavigation_category
      }
    `,
    category,
  );
  return (
    <div className={styles.page}>
      {/* The CMS texts start at h2; the page's one h1 is the home page's title (its category's SEO title, not "Startseite"). */}
      <h1 className={styles.heading}>{data.seo.title ?? data.name}</h1>
      {data.cmsPage && <CmsPage page={data.cmsPage} navigation={data} />}
    </div>
  );
}
