import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { VariantConfigurator_product$key } from './__generated__/VariantConfigurator_product.graphql';
import styles from './VariantConfigurator.module.css';

const fragment = graphql`
  fragment VariantConfigurator_product on Product {
    configurator {
      id
      name
      displayType
      options {
        id
        name
        colorHexCode
        selected
        available
        product {
          url
        }
      }
    }
  }
`;

/**
 * The variant choices (pack size, flavour …). Each choice is a link to its variant's page: switching a
 * variant is a navigation (SPEC §2), so every variant has its own URL, reload and back work, and the
 * page's one query reads the new variant. Choices no variant offers are shown, marked, not linked.
 */
export function VariantConfigurator({ product }: { product: VariantConfigurator_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  if (data.configurator.length === 0) return null;

  return (
    <div className={styles.configurator} data-testid="variant-configurator">
      {data.configurator.map((group) => {
        const headingId = `variant-group-${group.id}`;
        return (
          <div key={group.id} className={styles.group} role="group" aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.name}>
              {group.name}
            </h2>
            <ul className={styles.options}>
              {group.options.map((option) => {
                const swatch = group.displayType === 'color' && option.colorHexCode ? ({ '--swatch': option.colorHexCode } as CSSProperties) : undefined;
                const target = option.available ? option.product?.url : null;
                const swatchClass = swatch ? ` ${styles.swatch}` : '';
                if (option.selected) {
                  return (
                    <li key={option.id}>
                      <span className={`${styles.option} ${styles.selected}${swatchClass}`} style={swatch} aria-current="true">
                        {option.name}
                        <span className="visually-hidden"> ({t('configurator.selected')})</span>
                      </span>
                    </li>
                  );
                }
                if (!target) {
                  return (
                    <li key={option.id}>
                      <span className={`${styles.option} ${styles.unavailable}${swatchClass}`} style={swatch} aria-disabled="true">
                        {option.name}
                        <span className="visually-hidden"> ({t('configurator.unavailable')})</span>
                      </span>
                    </li>
                  );
                }
                return (
                  <li key={option.id}>
                    <a className={`${styles.option}${swatchClass}`} style={swatch} href={target}>
                      {option.name}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
