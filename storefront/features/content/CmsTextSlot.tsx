import { graphql, useFragment } from 'react-relay/hooks';
import { ShopHtml } from '../../ui/ShopHtml';
import styles from './CmsTextSlot.module.css';
import type { CmsTextSlot_text$key } from './__generated__/CmsTextSlot_text.graphql';

const ALIGN: Record<string, string | undefined> = { 'flex-start': styles.top, center: styles.center, 'flex-end': styles.bottom };

/** Rich text written in the shop's CMS, sanitized by ShopHtml. */
export function CmsTextSlot({ text }: { text: CmsTextSlot_text$key }) {
  const data = useFragment(
    graphql`
      fragment CmsTextSlot_text on CmsText {
        html
        verticalAlign
      }
    `,
    text,
  );
  const align = data.verticalAlign ? ALIGN[data.verticalAlign] : undefined;
  return <ShopHtml html={data.html} className={align ? `${styles.text} ${align}` : styles.text} />;
}
