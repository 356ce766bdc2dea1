import { graphql, useFragment } from 'react-relay/hooks';
import styles from './CmsCrossSellingSlot.module.css';
import type { CmsCrossSellingSlot_crossSelling$key } from './__generated__/CmsCrossSellingSlot_crossSelling.graphql';

/**
 * Related products in named groups ("often bought together") as lists of links. Cards would cost each
 * CMS slot of every page query ten products per group; the product page draws its own cross-selling.
 */
export function CmsCrossSellingSlot({ crossSelling }: { crossSelling: CmsCrossSellingSlot_crossSelling$key }) {
  const data = useFragment(
    graphql`
      fragment CmsCrossSellingSlot_crossSelling on CmsCrossSelling {
        crossSellings {
          name
          products {
            name
            url
          }
        }
      }
    `,
    crossSelling,
  );
  return (
    <>
      {data.crossSellings.map((group, index) => (
        <section key={`${index}-${group.name}`} className={styles.group}>
          <h2 className={styles.title}>{group.name}</h2>
          <ul className={styles.list}>
            {group.products.map((product) => (
              <li key={product.url}>
                <a href={product.url}>{product.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
