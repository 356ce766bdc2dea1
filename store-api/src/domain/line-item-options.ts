// A variant's options (property group and option, e.g. Grösse: 250 ml) as Shopware keeps them on a product
// line item's payload (`payload.options`, in the cart's and so the order's language). Mails and documents
// name them beside the product, as the storefront does.

export interface LineItemOption {
  group: string;
  option: string;
}

/** The options of a cart or order line item's payload; anything malformed is left out. */
export function lineItemOptions(payload: unknown): LineItemOption[] {
  const options = (payload as { options?: unknown } | null | undefined)?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry: unknown) => {
    const { group, option } = (entry ?? {}) as { group?: unknown; option?: unknown };
    return typeof group === 'string' && typeof option === 'string' && group.trim() && option.trim() ? [{ group: group.trim(), option: option.trim() }] : [];
  });
}

/** "Grösse: 250 ml, Geschmack: Orange"; '' for a product without variants (and for promotions). */
export function lineItemOptionsText(payload: unknown): string {
  return lineItemOptions(payload)
    .map((o) => `${o.group}: ${o.option}`)
    .join(', ');
}

/** A stored line's label with its variant's options: "Vitamin C Brausetabletten (Geschmack: Orange)"; a line without them as it is. */
export function labelWithOptions(label: string, payloadJson: string): string {
  let options = '';
  try {
    options = lineItemOptionsText(JSON.parse(payloadJson) as unknown);
  } catch {
    // a payload that is not JSON has no options to show
  }
  return options ? `${label} (${options})` : label;
}
