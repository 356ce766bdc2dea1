import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { classNames, cmsColor, visibilityClasses } from './cmsLayout';
import { CmsBlock } from './CmsBlock';
import styles from './CmsSection.module.css';
import type { CmsSection_section$key } from './__generated__/CmsSection_section.graphql';

/**
 * A horizontal part of a CMS page: its blocks in one column, or — for a sidebar section — a sidebar
 * column (category navigation, filters) beside the main column.
 */
export function CmsSection({ section }: { section: CmsSection_section$key }) {
  const data = useFragment(
    graphql`
      fragment CmsSection_section on CmsSection {
        type
        name
        sizingMode
        mobileBehavior
        backgroundColor
        cssClass
        visibility {
          mobile
          tablet
          desktop
        }
        blocks {
          blockId
          sectionPosition
          ...CmsBlock_block
        }
      }
    `,
    section,
  );
  const style: CSSProperties = { backgroundColor: cmsColor(data.backgroundColor) };
  const className = classNames(styles.section, data.sizingMode === 'full_width' && styles.fullWidth, visibilityClasses(data.visibility), data.cssClass);
  if (data.type !== 'sidebar') {
    return (
      <section className={className} style={style} aria-label={data.name ?? undefined}>
        {data.blocks.map((block) => (
          <CmsBlock key={block.blockId} block={block} />
        ))}
      </section>
    );
  }
  const sidebar = data.blocks.filter((b) => b.sectionPosition === 'sidebar');
  const main = data.blocks.filter((b) => b.sectionPosition !== 'sidebar');
  return (
    <section className={classNames(className, styles.withSidebar)} style={style} aria-label={data.name ?? undefined}>
      {/* "hidden": the sidebar is left out on phones (SPEC §2 visibility md). */}
      <div className={classNames(styles.sidebar, data.mobileBehavior === 'hidden' && 'hide-md')}>
        {sidebar.map((block) => (
          <CmsBlock key={block.blockId} block={block} />
        ))}
      </div>
      <div className={styles.main}>
        {main.map((block) => (
          <CmsBlock key={block.blockId} block={block} />
        ))}
      </div>
    </section>
  );
}
