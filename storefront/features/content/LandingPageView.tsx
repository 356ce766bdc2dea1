import { graphql, useFragment } from 'react-relay/hooks';
import { CmsPage } from './CmsPage';
import styles from './LandingPageView.module.css';
import type { LandingPageView_route$key } from './__generated__/LandingPageView_route.graphql';

/**
 * A landing page (campaign): its CMS page.
 */
export function LandingPageView({ route }: { route: LandingPageView_route$key }) {
  const data = useFragment(
    graphql`
      fragment LandingPageView_route on LandingPageRoute {
        landingPage {
          name
          cmsPage {
            ...CmsPage_page
          }
        }
      }
    `,
    route,
  );
  const page = data.landingPage;
  return (
    <div className={styles.page}>
      {/* Shop texts start at h2 (ShopHtml), so the page's one h1 is its name, for screen readers when the
          CMS page shows its own headline. */}
      <h1 className={page.cmsPage ? 'visually-hidden' : undefined}>{page.name}</h1>
      {page.cmsPage && <CmsPage page={page.cmsPage} />}
    </div>
  );
}
