import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { classNames } from './cmsLayout';
import { CmsPageContext, type CmsPageSurroundings } from './cmsPageContext';
import { CmsSection } from './CmsSection';
import styles from './CmsPage.module.css';
import type { CmsPage_page$key } from './__generated__/CmsPage_page.graphql';

interface CmsPageProps {
  page: CmsPage_page$key;
  /** The page's own listing (with the URL's filters) for the product-listing and sidebar-filter slots. */
  listing?: CmsPageSurroundings['listing'];
  listingSource?: CmsPageSurroundings['listingSource'];
  /** The category for the category-navigation slot. */
  navigation?: CmsPageSurroundings['navigation'];
}

/**
 * A shopping-world page of the CMS (SPEC §2): sections → blocks → slots, each slot drawn by the
 * component of its element kind.
 */
export function CmsPage({ page, listing = null, listingSource = null, navigation = null }: CmsPageProps) {
  const data = useFragment(
    graphql`
      fragment CmsPage_page on CmsPage {
        cssClass
        sections {
          sectionId
          blocks {
            slots {
              slotId
              type
            }
          }
          ...CmsSection_section
        }
      }
    `,
    page,
  );
  const hasSidebarFilter = data.sections.some((s) => s.blocks.some((b) => b.slots.some((slot) => slot.type === 'sidebar-filter')));
  // A banner at the very top is usually the largest thing on the first screen: a lazy image would start loading late.
  const leadImageSlotId = data.sections[0]?.blocks[0]?.slots.find((slot) => slot.type === 'image')?.slotId ?? null;
  const surroundings = useMemo(
    () => ({ listing, listingSource, navigation, hasSidebarFilter, leadImageSlotId }),
    [listing, listingSource, navigation, hasSidebarFilter, leadImageSlotId],
  );
  return (
    <CmsPageContext.Provider value={surroundings}>
      <div className={classNames(styles.page, data.cssClass)}>
        {data.sections.map((section) => (
          <CmsSection key={section.sectionId} section={section} />
        ))}
      </div>
    </CmsPageContext.Provider>
  );
}
