import type { SalesChannelContext } from '../../context';
import { idList, queryAll } from '../../dal/statements';
import { languagePair } from '../../entities/system';
import { isId } from '../../ids';
import { medicationKindOf, type MedicationKind } from '../insurer';
import { STANDARD_VAT_RATE } from './taxes';

/** What the cart needs to know about a product; variants inherit what they leave empty from their parent. */
export interface ProductFacts {
  id: string;
  parentId: string | null;
  productNumber: string;
  name: string;
  buyable: boolean;
  /** active and available, but maybe not buyable as a variant parent */
  active: boolean;
  available: boolean;
  isParent: boolean;
  taxId: string;
  taxRate: number;
  price: number;
  listPrice: number | null;
  tiers: { quantityStart: number; quantityEnd: number | null; price: number; listPrice: number | null }[];
  weightKg: number;
  width: number | null;
  height: number | null;
  length: number | null;
  isDownload: boolean;
  shippingFree: boolean;
  clickCollectOnly: boolean;
  prescriptionRequired: boolean;
  stock: number;
  availableStock: number;
  isCloseout: boolean;
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  coverMediaId: string | null;
  deliveryTimeId: string | null;
  manufacturerId: string | null;
  options: { group: string; option: string }[];
  /** generic or original medicine (the insured discount), inherited from the parent */
  medicationKind: MedicationKind | null;
}

interface ProductFactsRow {
  id: string;
  parent_id: string | null;
  product_number: string;
  type: string;
  tax_id: string;
  tax_rate: number | null;
  active: number;
  parent_active: number | null;
  available: number;
  child_count: number;
  price: number;
  list_price: number | null;
  weight: number | null;
  width: number | null;
  height: number | null;
  length: number | null;
  shipping_free: number;
  click_collect_only: number;
  prescription_required: number;
  stock: number;
  available_stock: number;
  is_closeout: number;
  min_purchase: number;
  max_purchase: number | null;
  purchase_steps: number;
  cover_media_id: string | null;
  delivery_time_id: string | null;
  manufacturer_id: string | null;
  medication_kind: string | null;
  name: string | null;
}

// The shopper's language, then the default one; a shopper of the default language (one language in the
// chain) needs no second pair of joins.
const FALLBACK_NAME = ', tf.name, ptf.name';
const FALLBACK_JOINS = `
  LEFT JOIN product_translation tf ON tf.product_id = p.id AND tf.language_id = ?
  LEFT JOIN product_translation ptf ON ptf.product_id = p.parent_id AND ptf.language_id = ?`;

function productFactsSql(withFallback: boolean): string {
  return `SELECT p.id, p.parent_id, p.product_number, p.type, p.tax_id, tax.tax_rate, p.active, par.active AS parent_active,
    p.available, p.child_count, p.price, p.list_price,
    COALESCE(p.weight, par.weight) AS weight, COALESCE(p.width, par.width) AS width, COALESCE(p.height, par.height) AS height,
    COALESCE(p.length, par.length) AS length, p.shipping_free, p.click_collect_only, p.prescription_required, p.stock,
    p.available_stock, p.is_closeout, p.min_purchase, p.max_purchase, p.purchase_steps,
    (SELECT pm.media_id FROM product_media pm WHERE pm.id = COALESCE(p.cover_id, par.cover_id)) AS cover_media_id,
    COALESCE(p.delivery_time_id, par.delivery_time_id) AS delivery_time_id, COALESCE(p.manufacturer_id, par.manufacturer_id) AS manufacturer_id,
    COALESCE(p.medication_kind, par.medication_kind) AS medication_kind,
    COALESCE(tl.name, ptl.name${withFallback ? FALLBACK_NAME : ''}) AS name
  FROM product p
  LEFT JOIN product par ON par.id = p.parent_id
  LEFT JOIN tax ON tax.id = p.tax_id
  LEFT JOIN product_translation tl ON tl.product_id = p.id AND tl.language_id = ?
  LEFT JOIN product_translation ptl ON ptl.product_id = p.parent_id AND ptl.language_id = ?${withFallback ? FALLBACK_JOINS : ''}
  WHERE p.id IN (SELECT value FROM json_each(?))`;
}

const OPTIONS_WITH_FALLBACK_SQL = `SELECT po.product_id, COALESCE(gt.name, gf.name) AS grp, COALESCE(ot.name, of.name) AS opt
     FROM product_option po
     JOIN property_group_option o ON o.id = po.property_group_option_id
     LEFT JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = ?
     LEFT JOIN property_group_option_translation of ON of.property_group_option_id = o.id AND of.language_id = ?
     LEFT JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ?
     LEFT JOIN property_group_translation gf ON gf.property_group_id = o.group_id AND gf.language_id = ?
     WHERE po.product_id IN (SELECT value FROM json_each(?))`;

const OPTIONS_OWN_SQL = `SELECT po.product_id, gt.name AS grp, ot.name AS opt
     FROM product_option po
     JOIN property_group_option o ON o.id = po.property_group_option_id
     LEFT JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = ?
     LEFT JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ?
     WHERE po.product_id IN (SELECT value FROM json_each(?))`;

const PRODUCT_FACTS_SQL = { own: productFactsSql(false), withFallback: productFactsSql(true) };

/** Facts of the given products (unknown ids are left out): three indexed queries for any number of lines. */
export function loadProductFacts(ctx: SalesChannelContext, ids: readonly string[]): Map<string, ProductFacts> {
  const facts = new Map<string, ProductFacts>();
  const wanted = [...new Set(ids.filter(isId))];
  if (!wanted.length) return facts;
  const [own, fallback] = languagePair(ctx);
  const withFallback = own !== fallback;
  const languages = withFallback ? [own, own, fallback, fallback] : [own, own];
  const rows = queryAll<ProductFactsRow>(ctx.db, withFallback ? PRODUCT_FACTS_SQL.withFallback : PRODUCT_FACTS_SQL.own, [...languages, idList(wanted)]);
  if (!rows.length) return facts;
  const withParents = [...new Set(rows.flatMap((r) => (r.parent_id ? [r.id, r.parent_id] : [r.id])))];
  const tiers = queryAll<{ product_id: string; quantity_start: number; quantity_end: number | null; price: number; list_price: number | null }>(
    ctx.db,
    'SELECT product_id, quantity_start, quantity_end, price, list_price FROM product_price WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY quantity_start',
    [idList(withParents)],
  );
  const options = queryAll<{ product_id: string; grp: string | null; opt: string | null }>(
    ctx.db,
    withFallback ? OPTIONS_WITH_FALLBACK_SQL : OPTIONS_OWN_SQL,
    withFallback ? [own, fallback, own, fallback, idList(wanted)] : [own, own, idList(wanted)],
  );
  for (const row of rows) {
    const ownTiers = tiers.filter((t) => t.product_id === row.id);
    const inheritedTiers = ownTiers.length ? ownTiers : tiers.filter((t) => t.product_id === row.parent_id);
    const active = row.active === 1 && (row.parent_active === null || row.parent_active === 1);
    const available = row.available === 1;
    const isParent = row.child_count > 0;
    facts.set(row.id, {
      id: row.id,
      parentId: row.parent_id,
      productNumber: row.product_number,
      name: row.name ?? row.product_number,
      buyable: active && available && !isParent,
      active,
      available,
      isParent,
      taxId: row.tax_id,
      taxRate: row.tax_rate ?? STANDARD_VAT_RATE,
      price: row.price,
      listPrice: row.list_price,
      tiers: inheritedTiers.map((t) => ({ quantityStart: t.quantity_start, quantityEnd: t.quantity_end, price: t.price, listPrice: t.list_price })),
      weightKg: row.type === 'digital' ? 0 : Math.max(0, row.weight ?? 0),
      width: row.width,
      height: row.height,
      length: row.length,
      isDownload: row.type === 'digital',
      shippingFree: row.shipping_free === 1,
      clickCollectOnly: row.click_collect_only === 1,
      prescriptionRequired: row.prescription_required === 1,
      stock: row.stock,
      availableStock: row.available_stock,
      isCloseout: row.is_closeout === 1,
      minPurchase: Math.max(1, row.min_purchase),
      maxPurchase: row.max_purchase,
      purchaseSteps: Math.max(1, row.purchase_steps),
      coverMediaId: row.cover_media_id,
      deliveryTimeId: row.delivery_time_id,
      manufacturerId: row.manufacturer_id,
      options: options.filter((o) => o.product_id === row.id).map((o) => ({ group: o.grp ?? '', option: o.opt ?? '' })),
      medicationKind: medicationKindOf(row.medication_kind),
    });
  }
  return facts;
}
