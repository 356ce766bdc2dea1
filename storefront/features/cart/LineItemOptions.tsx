import { useTranslation } from '../../platform/i18n/useTranslation';

interface LineItemOptionsProps {
  options: ReadonlyArray<{ readonly group: string; readonly option: string }>;
  className?: string;
}

/**
 * The chosen variant of a cart or order line ("Grösse: 250 ml, Geschmack: Orange"), as the graph names it in the
 * page's language (CartLineItem.options, OrderLineItem.options). Nothing for products without variants.
 */
export function LineItemOptions({ options, className }: LineItemOptionsProps) {
  const { t } = useTranslation('common');
  if (options.length === 0) return null;
  return (
    <span className={className} data-testid="line-options">
      <span className="visually-hidden">{t('lineItemOptions.variant')}: </span>
      {options.map((o) => t('lineItemOptions.option', { group: o.group, option: o.option })).join(', ')}
    </span>
  );
}
