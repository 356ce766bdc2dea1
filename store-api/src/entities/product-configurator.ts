import type { SalesChannelContext } from '../context';
import { queryAll } from '../dal/statements';
import { StoreApiError } from '../errors';
import { groupsWithOptions } from './property';
import type { Json } from './system';

// The variant selector of a product family, as Shopware's ProductConfiguratorLoader and FindProductVariantRoute
// answer it: the groups and options the variants are made of, and the variant for a chosen combination.

/** Each active variant of a parent with its option ids (product_number order, so the first match is stable). */
function variantOptions(ctx: SalesChannelContext, parentId: string): { id: string; optionIds: Set<string> }[] {
  const rows = queryAll<{ id: string; option_id: string | null }>(
    ctx.db,
    `SELECT p.id, po.property_group_option_id AS option_id FROM product p
     LEFT JOIN product_option po ON po.product_id = p.id
     WHERE p.parent_id = ? AND p.active = 1 ORDER BY p.product_number`,
    [parentId],
  );
  const variants = new Map<string, { id: string; optionIds: Set<string> }>();
  for (const row of rows) {
    const variant = variants.get(row.id) ?? { id: row.id, optionIds: new Set<string>() };
    if (row.option_id) variant.optionIds.add(row.option_id);
    variants.set(row.id, variant);
  }
  return [...variants.values()];
}

/**
 * The configurator of a parent: its groups with the options its variants are made of (the configured settings,
 * else the variants' own options). An option is `combinable` when an active variant has it together with the
 * selected options of the other groups (`selectedOptionIds`: the shown variant's options), in stock or not, as
 * Shopware's AvailableCombinationResult::hasCombination.
 */
export function productConfigurator(ctx: SalesChannelContext, parentId: string, selectedOptionIds: readonly string[] = []): Json[] {
  const variants = variantOptions(ctx, parentId);
  let optionIds = queryAll<{ id: string }>(
    ctx.db,
    'SELECT property_group_option_id AS id FROM product_configurator_setting WHERE product_id = ? ORDER BY position',
    [parentId],
  ).map((r) => r.id);
  if (!optionIds.length) optionIds = [...new Set(variants.flatMap((v) => [...v.optionIds]))];
  const groups = groupsWithOptions(ctx, optionIds);
  return groups.map((group) => {
    const options = group.options as Json[];
    const own = new Set(options.map((o) => o.id as string));
    const others = selectedOptionIds.filter((id) => !own.has(id));
    return {
      ...group,
      options: options.map((option) => ({
        ...option,
        combinable: variants.some((v) => v.optionIds.has(option.id as string) && others.every((id) => v.optionIds.has(id))),
      })),
    };
  });
}

/** The body of POST /product/{id}/find-variant: a list of option ids, or a map of group id → option id. */
export type VariantOptions = string[] | Record<string, string>;

export function readVariantOptions(value: unknown): VariantOptions {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return [];
  const valid = (list: unknown[]): boolean => list.every((v) => typeof v === 'string');
  if (Array.isArray(value) && valid(value)) return value as string[];
  if (typeof value === 'object' && !Array.isArray(value) && valid(Object.values(value))) return value as Record<string, string>;
  throw StoreApiError.of(400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', 'The parameter "options" is invalid.', { parameter: 'options' });
}

/**
 * Shopware's FindProductVariantRoute: the first variant of `parentId` with all chosen options; else, while more
 * than one option is left, the first option not of `switchedGroup` is dropped and the search repeated, so the
 * group the shopper just switched keeps its choice. 404 CONTENT__PRODUCT_VARIANT_NOT_FOUND when nothing matches.
 */
export function findVariant(
  ctx: SalesChannelContext,
  parentId: string,
  chosen: VariantOptions,
  switchedGroup: string | null,
): { variantId: string; options: VariantOptions } {
  const variants = variantOptions(ctx, parentId);
  let entries = Object.entries(chosen);
  const rebuild = (): VariantOptions => (Array.isArray(chosen) ? entries.map(([, id]) => id) : Object.fromEntries(entries));
  const search = (): string | undefined => variants.find((v) => entries.every(([, id]) => v.optionIds.has(id)))?.id;
  let variantId = search();
  while (variantId === undefined && entries.length > 1) {
    const drop = entries.findIndex(([group]) => group !== switchedGroup);
    entries = entries.filter((_, index) => index !== drop);
    variantId = search();
  }
  if (variantId === undefined) {
    throw StoreApiError.notFound(
      'CONTENT__PRODUCT_VARIANT_NOT_FOUND',
      `Variant for productId ${parentId} with options ${JSON.stringify(rebuild())} not found.`,
      { productId: parentId, options: JSON.stringify(rebuild()) },
    );
  }
  return { variantId, options: rebuild() };
}
