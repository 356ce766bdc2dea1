import { createHash } from 'node:crypto';
import { INSURED_GROUP_ID, INSURED_PLAN_GROUP_ID, INSURER_WELCOME_CODE, luhnCheckDigit } from '../domain/insurer';
import { stableId } from '../ids';
import { LANGUAGES } from '../known-ids';
import type { SeededProduct } from './catalogue';
import { slugify } from './slugs';
import { tr, type TableWriter } from './table-writer';

// Insurer partnership (SPEC §9): which medicines are generics or originals, and the insured customer groups.

/** The member numbers of the seeded directory: 20 card numbers, every fourth with a multi-medication plan. */
export function seededMemberNumbers(): { number: string; plan: boolean }[] {
  const members: { number: string; plan: boolean }[] = [];
  for (let i = 1; i <= 20; i++) {
    const body = `80756${String(1000000000 + i * 7919).padStart(14, '0')}`;
    members.push({ number: `${body}${luhnCheckDigit(body)}`, plan: i % 4 === 0 });
  }
  return members;
}

/** The seeded original (a medicine) whose price is at least CHF 1028: the plan's 1.5 % rate. */
export const HIGH_PRICE_ORIGINAL_PRICE = 1089;
export const HIGH_PRICE_ORIGINAL_ID = stableId('product', 'insurer-high-price-original');
export const HIGH_PRICE_ORIGINAL_NUMBER = 'P190001';

const HIGH_PRICE_NAME = tr(
  'Biologikum Fertigspritzen 6 × 40 mg',
  'Farmaco biologico siringhe preriempite 6 × 40 mg',
  'Biologique seringues préremplies 6 × 40 mg',
);
const HIGH_PRICE_DESCRIPTION = tr(
  '<p>Originalpräparat in Fertigspritzen für die Langzeittherapie. Abgabe nach Rücksprache mit Ihrer Ärztin oder Ihrem Arzt; lesen Sie die Packungsbeilage.</p>',
  '<p>Preparato originale in siringhe preriempite per la terapia a lungo termine. Dispensazione previo consulto con il vostro medico; leggete il foglietto illustrativo.</p>',
  '<p>Préparation originale en seringues préremplies pour le traitement de longue durée. Remise après consultation de votre médecin; lisez la notice d’emballage.</p>',
);

type Row = Record<string, string | number | null>;

/** A copy of the template's rows for the new product (same columns, the product's own ids and texts). */
function seedHighPriceOriginal(w: TableWriter, templateId: string): void {
  const db = w.db;
  const id = HIGH_PRICE_ORIGINAL_ID;
  const product = db.prepare('SELECT * FROM product WHERE id = ?').get(templateId) as Row;
  w.insert('product', {
    ...product, id, product_number: HIGH_PRICE_ORIGINAL_NUMBER, price: HIGH_PRICE_ORIGINAL_PRICE, cheapest_price: HIGH_PRICE_ORIGINAL_PRICE,
    list_price: null, promotion_discount: null, price_range: 0, ean: null, pharmacode: null, manufacturer_number: null,
    shipping_free: 1, mark_as_topseller: 0, sales: 3, rating_average: null, medication_kind: 'original',
    cover_id: product.cover_id ? stableId('product_media', id, 0) : null,
  });
  const media = db.prepare('SELECT * FROM product_media WHERE product_id = ? ORDER BY position').all(templateId) as Row[];
  media.forEach((row, index) => {
    const ownId = row.id === product.cover_id ? stableId('product_media', id, 0) : stableId('product_media', id, index + 1);
    w.insert('product_media', { ...row, id: ownId, product_id: id });
  });
  for (const row of db.prepare('SELECT * FROM product_translation WHERE product_id = ?').all(templateId) as Row[]) {
    const l = LANGUAGES.find((language) => language.id === row.language_id)?.key ?? 'de';
    w.insert('product_translation', {
      ...row, product_id: id, name: HIGH_PRICE_NAME[l], description: HIGH_PRICE_DESCRIPTION[l], meta_title: HIGH_PRICE_NAME[l],
      meta_description: HIGH_PRICE_DESCRIPTION[l].replace(/<[^>]+>/g, ''), keywords: HIGH_PRICE_NAME[l],
    });
  }
  for (const table of ['product_category', 'product_category_tree', 'product_property']) {
    for (const row of db.prepare(`SELECT * FROM ${table} WHERE product_id = ?`).all(templateId) as Row[]) w.insert(table, { ...row, product_id: id });
  }
  for (const language of LANGUAGES) {
    w.insert('product_search', { product_id: id, language_id: language.id, content: `${HIGH_PRICE_NAME[language.key]} ${HIGH_PRICE_ORIGINAL_NUMBER}` });
    w.insert('seo_url', {
      id: stableId('seo_url', language.key, 'frontend.detail.page', id), language_id: language.id, foreign_key: id,
      route_name: 'frontend.detail.page', path_info: `/detail/${id}`,
      seo_path_info: `${slugify(HIGH_PRICE_NAME[language.key])}/${HIGH_PRICE_ORIGINAL_NUMBER.toLowerCase()}`, is_canonical: 1, is_modified: 0, is_deleted: 0,
    });
  }
}

function hashOf(value: string): number {
  return createHash('sha256').update(value).digest().readUInt32BE(0);
}

export function seedInsurer(w: TableWriter, products: SeededProduct[]): void {
  void products;
  const db = w.db;
  w.insert('customer_group', { id: INSURED_GROUP_ID, display_gross: 1 });
  w.translations('customer_group_translation', { customer_group_id: INSURED_GROUP_ID }, (l) => ({
    name: tr('Versicherte', 'Assicurati', 'Assurés')[l],
  }));
  w.insert('customer_group', { id: INSURED_PLAN_GROUP_ID, display_gross: 1 });
  w.translations('customer_group_translation', { customer_group_id: INSURED_PLAN_GROUP_ID }, (l) => ({
    name: tr('Versicherte mit Mehrfachmedikationsplan', 'Assicurati con piano di polifarmacoterapia', 'Assurés avec plan de polymédication')[l],
  }));

  for (const member of seededMemberNumbers()) {
    w.insert('insurer_member', { insurance_number: member.number, multi_medication_plan: member.plan, valid_until: null });
  }

  // Medicines (tagged "medicine" by the catalogue): about 60 % generics, the rest originals, decided by the
  // product number so it stays the same on every machine. Variants inherit their parent's kind.
  const medicines = db
    .prepare(`SELECT id, product_number AS number, child_count AS children, price, list_price AS listPrice FROM product
      WHERE parent_id IS NULL AND EXISTS (SELECT 1 FROM json_each(product.tags) WHERE value = 'medicine') ORDER BY product_number`)
    .all() as { id: string; number: string; children: number; price: number; listPrice: number | null }[];
  const setKind = db.prepare('UPDATE product SET medication_kind = ? WHERE id = ?');
  const originals: typeof medicines = [];
  for (const medicine of medicines) {
    const kind = hashOf(medicine.number) % 10 < 6 ? 'generic' : 'original';
    setKind.run(kind, medicine.id);
    if (kind === 'original') originals.push(medicine);
  }

  // The plan's 1.5 % rate applies to originals from CHF 1028: a dedicated original at that price, built on a
  // simple seeded original (its brand, category, pictures and VAT) with its own number, names and SEO URLs.
  const tiered = new Set((db.prepare('SELECT DISTINCT product_id AS id FROM product_price').all() as { id: string }[]).map((r) => r.id));
  const template = originals.find((p) => p.children === 0 && p.listPrice === null && !tiered.has(p.id));
  if (template) seedHighPriceOriginal(w, template.id);

  // The welcome voucher is for insured customers, once each (checked by the cart), not limited in total.
  db.prepare('UPDATE promotion SET max_uses = NULL WHERE code = ?').run(INSURER_WELCOME_CODE);
}
