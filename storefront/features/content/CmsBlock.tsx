import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { classNames, cmsColor, cmsLength, visibilityClasses } from './cmsLayout';
import { CmsSlot } from './CmsSlot';
import styles from './CmsBlock.module.css';
import type { CmsBlock_block$key } from './__generated__/CmsBlock_block.graphql';

/** A row of a CMS section (text, image, image-text, product slider, listing …) with its slots side by side. */
export function CmsBlock({ block }: { block: CmsBlock_block$key }) {
  const data = useFragment(
    graphql`
      fragment CmsBlock_block on CmsBlock {
        type
        cssClass
        backgroundColor
        marginTop
        marginBottom
        marginLeft
        marginRight
        visibility {
          mobile
          tablet
          desktop
        }
        slots {
          slotId
          ...CmsSlot_slot
        }
      }
    `,
    block,
  );
  // Side margins are the editor's desktop gutter; on a phone they would squeeze the content.
  const style: CSSProperties = {
    marginTop: cmsLength(data.marginTop),
    marginBottom: cmsLength(data.marginBottom),
    backgroundColor: cmsColor(data.backgroundColor),
  };
  return (
    <div
      className={classNames(styles.block, data.slots.length > 1 && styles.columns, visibilityClasses(data.visibility), data.cssClass)}
      style={style}
      data-block-type={data.type}
    >
      {data.slots.map((slot) => (
        <div key={slot.slotId} className={styles.slot}>
          <CmsSlot slot={slot} />
        </div>
      ))}
    </div>
  );
}
