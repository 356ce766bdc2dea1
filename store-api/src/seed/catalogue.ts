import { NO_RETURNS_TAG } from '../domain/returns';
import { stableId } from '../ids';
import { LANGUAGE_ID, LANGUAGES, TAX_REDUCED_ID, TAX_STANDARD_ID, type LanguageKey } from '../known-ids';
import {
  AGE_GROUPS,
  ASSORTMENT,
  BRAND_COLORS,
  BRAND_NAMES,
  FEATURES,
  FLAVOURS,
  FORM_PACKS,
  FORMS,
  INGREDIENTS,
  PACK_SHAPES,
  type Assortment,
  type FlavourKey,
  type FormKey,
  type ProductKind,
} from './assortment';
import type { SeededCategory } from './categories';
import type { MediaLibrary, SeededImage } from './media-images';
import type { SeedRandom } from './random';
import { DELIVERY_TIME_ID, seedDate, UNIT_ID, type UnitKey } from './reference-data';
import { slugify } from './slugs';
import { same, tr, type TableWriter, type Tr } from './table-writer';
import { productTexts, reviewText, type ProductFacts } from './texts';

// The generated catalogue: brands, filterable properties, products (some with variants, tier
// prices, promotions, Click & Collect only), reviews, cross-selling and the search index.

export interface SeededProduct {
  id: string;
  productNumber: string;
  name: Tr;
  categoryId: string;
  sales: number;
  daysOld: number;
  hasListPrice: boolean;
  /** The variants with their own names (the family's name and their choices), for their SEO paths. */
  variants: { id: string; productNumber: string; name: Tr }[];
  /** The product kind of the assortment ('ibuprofen', 'sage', …): what content pages recommend by. */
  kindKey: string;
  prescription: boolean;
}

export interface CatalogueResult {
  products: SeededProduct[];
  brandCount: number;
  variantCount: number;
}

interface Brand {
  id: string;
  name: string;
  color: string;
}

const UNIT_SHORT: Record<UnitKey, Tr> = {
  piece: tr('Stk.', 'pz.', 'pce'),
  ml: same('ml'),
  g: same('g'),
};

/** What the shop says about a brand: what it sells here, never an invented history. */
const BRAND_DESCRIPTIONS: Record<LanguageKey, (name: string) => string>[] = [
  {
    de: (name) => `Produkte von ${name} für Gesundheit und Pflege, ausgewählt von unserem Apothekenteam.`,
    it: (name) => `Prodotti ${name} per la salute e la cura, scelti dal nostro team della farmacia.`,
    fr: (name) => `Des produits ${name} pour la santé et les soins, choisis par notre équipe de pharmacie.`,
  },
  {
    de: (name) => `${name} in unserem Sortiment: Fragen zur Anwendung beantwortet Ihnen unser Apothekenteam gerne.`,
    it: (name) => `${name} nel nostro assortimento: il nostro team della farmacia risponde volentieri alle domande sull’uso.`,
    fr: (name) => `${name} dans notre assortiment : notre équipe de pharmacie répond volontiers à vos questions sur l’utilisation.`,
  },
  {
    de: (name) => `Alle Artikel von ${name} auf einen Blick – mit Packungsgrössen, Inhaltsstoffen und Bewertungen.`,
    it: (name) => `Tutti gli articoli ${name} in un colpo d’occhio, con confezioni, ingredienti e recensioni.`,
    fr: (name) => `Tous les articles ${name} en un coup d’œil, avec formats, composition et avis.`,
  },
];

/** Forms whose name the product name already says ("Kamillentee", "Blutdruckmessgerät"). */
const FORM_IN_NAME = new Set<FormKey>(['device', 'pads', 'test', 'plasters', 'porridge', 'bars', 'toothpaste', 'shampoo']);

const LANGUAGE_KEYS: LanguageKey[] = LANGUAGES.map((l) => l.key);

class PropertyCatalogue {
  readonly groups = {
    form: stableId('property_group', 'dosage-form'),
    ingredient: stableId('property_group', 'active-ingredient'),
    pack: stableId('property_group', 'pack-size'),
    age: stableId('property_group', 'age-group'),
    feature: stableId('property_group', 'features'),
    size: stableId('property_group', 'size'),
    flavour: stableId('property_group', 'flavour'),
  };
  private readonly options = new Map<string, { groupId: string; name: Tr; sortKey: number }>();

  constructor(private readonly w: TableWriter) {
    const groups: [string, Tr, boolean, string][] = [
      [this.groups.form, tr('Darreichungsform', 'Forma farmaceutica', 'Forme galénique'), true, 'alphanumeric'],
      [this.groups.ingredient, tr('Wirkstoff', 'Principio attivo', 'Principe actif'), true, 'alphanumeric'],
      [this.groups.pack, tr('Packungsgrösse', 'Confezione', 'Taille de l’emballage'), true, 'position'],
      [this.groups.age, tr('Altersgruppe', 'Fascia d’età', 'Groupe d’âge'), true, 'position'],
      [this.groups.feature, tr('Besonderheiten', 'Caratteristiche', 'Particularités'), true, 'alphanumeric'],
      // Variant groups choose a variant on the detail page; they are not listing filters.
      [this.groups.size, tr('Grösse', 'Formato', 'Taille'), false, 'position'],
      [this.groups.flavour, tr('Geschmack', 'Gusto', 'Arôme'), false, 'alphanumeric'],
    ];
    groups.forEach(([id, name, filterable, sortingType], index) => {
      w.insert('property_group', {
        id, display_type: 'text', sorting_type: sortingType, position: index + 1, filterable,
        visible_on_product_detail_page: 1,
      });
      w.translations('property_group_translation', { property_group_id: id }, (l) => ({ name: name[l] }));
    });
  }

  private written = false;

  option(groupId: string, key: string, name: Tr, sortKey = 0): string {
    const id = stableId('property_group_option', groupId, key);
    if (!this.options.has(id)) {
      if (this.written) throw new Error(`property option ${key} was not planned before the products`);
      this.options.set(id, { groupId, name, sortKey });
    }
    return id;
  }

  /**
   * Every option the assortment can use, written before the products: with deferred foreign keys,
   * a missing parent row would make SQLite re-check child tables on every insert.
   */
  planAll(): void {
    for (const form of Object.keys(FORMS) as FormKey[]) this.form(form);
    for (const [key, name] of Object.entries(INGREDIENTS)) this.option(this.groups.ingredient, key, name);
    Object.entries(AGE_GROUPS).forEach(([key, name], index) => this.option(this.groups.age, key, name, index));
    for (const [key, name] of Object.entries(FEATURES)) this.option(this.groups.feature, key, name);
    for (const [key, name] of Object.entries(FLAVOURS)) this.option(this.groups.flavour, key, name);
    for (const assortment of ASSORTMENT) {
      for (const kind of assortment.kinds) {
        for (const formKey of kind.forms) {
          const unit = FORMS[formKey].unit;
          for (const amount of packsOf(kind, formKey)) {
            this.amount(this.groups.pack, amount, unit);
            this.amount(this.groups.size, amount, unit);
          }
        }
      }
    }
    this.flush();
  }

  form(key: FormKey): string {
    return this.option(this.groups.form, key, FORMS[key].name);
  }

  amount(groupId: string, amount: number, unit: UnitKey): string {
    const name: Tr = { de: '', it: '', fr: '' };
    for (const l of LANGUAGE_KEYS) name[l] = `${amount} ${UNIT_SHORT[unit][l]}`;
    return this.option(groupId, `${amount}-${unit}`, name, amount);
  }

  /** Options are positioned by their sort key (pack sizes by amount). */
  private flush(): void {
    this.written = true;
    const byGroup = new Map<string, [string, { name: Tr; sortKey: number }][]>();
    for (const [id, option] of this.options) {
      const list = byGroup.get(option.groupId) ?? [];
      list.push([id, option]);
      byGroup.set(option.groupId, list);
    }
    for (const [groupId, list] of byGroup) {
      list.sort((a, b) => a[1].sortKey - b[1].sortKey || a[1].name.de.localeCompare(b[1].name.de) || a[0].localeCompare(b[0]));
      list.forEach(([id, option], index) => {
        this.w.insert('property_group_option', { id, group_id: groupId, position: index + 1 });
        this.w.translations('property_group_option_translation', { property_group_option_id: id }, (l) => ({ name: option.name[l] }));
      });
    }
  }
}

/** EAN-13 with its check digit (Swiss GS1 prefix 76). */
export function ean13(serial: number): string {
  const body = `76${String(serial).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/** 7-digit pharmacodes, distinct for every serial (7919 is coprime with 9,000,000). */
function pharmacode(serial: number): string {
  return String(1_000_000 + ((serial * 7919) % 9_000_000));
}

function shopPrice(value: number, random: SeedRandom): number {
  const francs = Math.max(1, Math.floor(value));
  return Math.round((francs + random.pick([0.5, 0.9, 0.95, 0.9])) * 100) / 100;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function seedCatalogue(
  w: TableWriter,
  random: SeedRandom,
  media: MediaLibrary,
  categories: SeededCategory[],
  productCount: number,
): CatalogueResult {
  const properties = new PropertyCatalogue(w);
  properties.planAll();
  const categoryByKey = new Map(categories.map((c) => [c.key, c]));

  const brands: Brand[] = BRAND_NAMES.map((name, index) => ({
    id: stableId('product_manufacturer', name),
    name,
    color: BRAND_COLORS[index % BRAND_COLORS.length]!,
  }));
  const brandRandom = random.fork('brands');
  brands.forEach((brand, index) => {
    const logo = index % 3 === 0
      ? media.add({
          key: `brand:${brand.name}`, kind: 'logo', fileName: `${brand.name} Logo`, label: brand.name, color: brand.color,
          alt: tr(`${brand.name} Logo`, `Logo ${brand.name}`, `Logo ${brand.name}`), title: same(brand.name),
        }).id
      : null;
    // No web address: the brands are the shop's own inventions, so any real-looking domain would belong to someone else.
    w.insert('product_manufacturer', { id: brand.id, media_id: logo, link: null });
    const description = brandRandom.pick(BRAND_DESCRIPTIONS);
    w.translations('product_manufacturer_translation', { product_manufacturer_id: brand.id }, (l) => ({
      name: brand.name,
      description: description[l](brand.name),
    }));
  });

  // Each leaf category is served by a handful of brands.
  const brandsOf = new Map<string, Brand[]>();
  ASSORTMENT.forEach((assortment) => brandsOf.set(assortment.categoryKey, brandRandom.sample(brands, 7)));

  const products: SeededProduct[] = [];
  const productsByLeaf = new Map<string, SeededProduct[]>();
  let serial = 0;
  let variantCount = 0;
  const productRandom = random.fork('products');
  const reviewRandom = random.fork('reviews');

  for (let index = 0; index < productCount; index++) {
    const assortment = ASSORTMENT[index % ASSORTMENT.length]!;
    const category = categoryByKey.get(assortment.categoryKey);
    if (!category) throw new Error(`assortment for unknown category ${assortment.categoryKey}`);
    let kind = productRandom.pick(assortment.kinds);
    // Digital nutrition plans are a few, not a third of the diet shelf.
    if (kind.forms.includes('pdf') && productRandom.chance(0.7)) kind = assortment.kinds[0]!;
    const brand = productRandom.pick(brandsOf.get(assortment.categoryKey)!);
    const product = seedMainProduct({
      w, random: productRandom, reviewRandom, media, properties, assortment, category, kind, brand,
      productNumber: `P${100001 + index}`,
      nextSerial: () => ++serial,
      crossSellingPool: productsByLeaf.get(category.id) ?? [],
      onVariants: (count) => (variantCount += count),
    });
    products.push(product);
    const leafList = productsByLeaf.get(category.id) ?? [];
    leafList.push(product);
    productsByLeaf.set(category.id, leafList);
  }
  return { products, brandCount: brands.length, variantCount };
}

interface MainProductInput {
  w: TableWriter;
  random: SeedRandom;
  reviewRandom: SeedRandom;
  media: MediaLibrary;
  properties: PropertyCatalogue;
  assortment: Assortment;
  category: SeededCategory;
  kind: ProductKind;
  brand: Brand;
  productNumber: string;
  nextSerial: () => number;
  crossSellingPool: SeededProduct[];
  onVariants: (count: number) => void;
}

interface VariantPlan {
  pack: number;
  flavour: FlavourKey | null;
}

/**
 * The /retouren page excludes food and drink, medicines and supplements, hygiene-sensitive and baby items: only
 * first aid and measuring devices can be sent back; the others carry the NO_RETURNS_TAG (domain/returns.ts).
 */
const RETURNABLE_CATEGORIES: ReadonlySet<string> = new Set(['first-aid', 'measuring']);

function seedMainProduct(input: MainProductInput): SeededProduct {
  const { w, random, media, properties, assortment, category, kind, brand, productNumber } = input;
  const id = stableId('product', productNumber);
  const formKey = random.pick(kind.forms);
  const form = FORMS[formKey];
  const digital = formKey === 'pdf';
  // Strengths belong to the kind's first form (a tablet strength on a syrup would mislead).
  const strengthCode = kind.strengths && FORMS[kind.forms[0]!].unit === form.unit ? random.pick(kind.strengths) : null;
  const packs = packsOf(kind, formKey);
  const packIndex = random.int(0, packs.length - 1);
  const pack = packs[packIndex]!;
  const medicine = assortment.medicine;
  // Only list-B strengths need a prescription. The draws of the former 3 % rule stay (now marking pharmacist-advice
  // medicines for Click & Collect), so every later product keeps its data.
  const adviceOnly = medicine && random.chance(0.03);
  const prescription = medicine && strengthCode !== null && (kind.prescriptionStrengths ?? []).includes(strengthCode);
  const clickCollectOnly = adviceOnly || (medicine && random.chance(0.1)) || prescription;

  // Variants: sizes and/or flavours of the same product.
  let plans: VariantPlan[] = [];
  if (kind.variants && !digital && random.chance(0.35)) {
    const sizes = kind.variants.sizes && packs.length > 1 ? random.sample(packs, random.int(2, Math.min(3, packs.length))).sort((a, b) => a - b) : [pack];
    const flavours = kind.variants.flavours ? random.sample(kind.variants.flavours, random.int(2, Math.min(3, kind.variants.flavours.length))) : [null];
    for (const p of sizes) for (const f of flavours) plans.push({ pack: p, flavour: f });
    if (plans.length < 2) plans = [];
  }
  const sizeVariants = new Set(plans.map((p) => p.pack)).size > 1;
  const flavourVariants = plans.some((p) => p.flavour !== null);

  const packing = (amount: number, l: LanguageKey) =>
    form.countWord ? `${amount} ${amount === 1 && form.unit === 'piece' ? UNIT_SHORT.piece[l] : form.countWord[l]}` : `${amount} ${UNIT_SHORT[form.unit][l]}`;
  const name: Tr = { de: '', it: '', fr: '' };
  for (const l of LANGUAGE_KEYS) {
    const parts = [brand.name, kind.name[l]];
    if (strengthCode) parts.push(localStrength(strengthCode, l));
    if (!FORM_IN_NAME.has(formKey) && !kind.name[l].toLowerCase().includes(form.name[l].toLowerCase())) parts.push(form.name[l]);
    name[l] = parts.join(' ') + (sizeVariants ? '' : `, ${packing(pack, l)}`);
  }

  const priceFor = (amount: number) => {
    const i = packs.indexOf(amount);
    const position = packs.length > 1 ? Math.max(0, i) / (packs.length - 1) : 0.5;
    const [min, max] = kind.price;
    return shopPrice(min + (max - min) * (0.15 + 0.75 * position) * (0.85 + random.next() * 0.3), random);
  };
  const packaging = round3(0.02 + random.next() * 0.03);
  const deviceWeight = round3(0.25 + random.next() * 0.5);
  const weightFor = (amount: number) => {
    if (digital) return 0;
    if (formKey === 'device') return deviceWeight;
    const perUnit = form.unit === 'piece' ? (formKey === 'pads' ? 0.012 : formKey === 'bars' ? 0.045 : 0.0012) : 0.00105;
    return round3(amount * perUnit + packaging);
  };

  const price = priceFor(pack);
  // Variants carry their own prices; a previous price belongs to single products.
  const hasListPrice = plans.length === 0 && random.chance(0.15);
  const listPrice = hasListPrice ? shopPrice(price * (1.12 + random.next() * 0.25), random) : null;
  const promotionDiscount = listPrice ? Math.round((1 - price / listPrice) * 100) : null;
  const daysOld = random.int(0, 900);
  const sales = Math.floor(random.next() ** 3 * 5000);
  const serial = input.nextSerial();
  const stock = random.chance(0.04) ? 0 : random.int(3, 400);
  const closeout = stock === 0 && random.chance(0.5);
  const features = (kind.features ?? []).filter(() => random.chance(0.7));
  const ages = kind.ages ? random.sample(kind.ages, random.int(1, Math.min(2, kind.ages.length))) : ['adults' as const];
  const tags = [
    ...(medicine ? ['medicine'] : []),
    ...(RETURNABLE_CATEGORIES.has(assortment.categoryKey) ? [] : [NO_RETURNS_TAG]),
    ...(daysOld < 45 ? ['new'] : []),
    ...(listPrice ? ['promotion'] : []),
    ...(clickCollectOnly ? ['click-collect'] : []),
    ...features,
  ];
  const deliveryTimeId = prescription ? DELIVERY_TIME_ID.twoToThreeDays : stock > 0 ? DELIVERY_TIME_ID.oneToTwoDays : DELIVERY_TIME_ID.oneToTwoWeeks;
  const unitId = pack === 1 && form.unit === 'piece' ? null : UNIT_ID[form.unit];

  // Images: a packshot of the product's pack in the brand's colours, sometimes its back.
  const strength = strengthCode;
  const shape = PACK_SHAPES[formKey];
  const subLabel = [strength ? localStrength(strength, 'de') : null, sizeVariants ? null : packing(pack, 'de')].filter(Boolean).join(' · ');
  const packshotDetail = FORM_IN_NAME.has(formKey) || kind.name.de.toLowerCase().includes(form.name.de.toLowerCase()) ? kind.name.de : `${kind.name.de} ${form.name.de}`;
  const accent = random.pick(assortment.colors);
  const images: SeededImage[] = [
    media.add({
      key: `product:${productNumber}:1`, kind: 'package', fileName: name.de, label: brand.name, detail: packshotDetail, sublabel: subLabel,
      shape, color: brand.color, accent, alt: name, title: name,
    }),
  ];
  if (random.chance(0.35)) {
    images.push(media.add({
      key: `product:${productNumber}:2`, kind: 'package-back', fileName: `${name.de} Rückseite`, label: brand.name, shape,
      color: brand.color, accent: random.pick(assortment.colors), alt: name,
      title: { de: `${name.de} – Rückseite`, it: `${name.it} – retro`, fr: `${name.fr} – verso` },
    }));
  }
  const coverId = stableId('product_media', id, 0);

  const childPrices: number[] = [];
  const childStocks: number[] = [];
  const childIds: string[] = [];
  const childEans: string[] = [];
  const childNumbers: string[] = [];
  const variants: SeededProduct['variants'] = [];
  const ean = ean13(serial);
  const code = pharmacode(serial);

  // Children are written after the parent (the foreign key points at it).
  const childRows: (() => void)[] = [];
  const configuratorOptions = new Map<string, string>(); // option id → group id
  plans.forEach((plan, k) => {
    const childNumber = `${productNumber}.${k + 1}`;
    const childId = stableId('product', childNumber);
    const childSerial = input.nextSerial();
    const childPrice = sizeVariants ? priceFor(plan.pack) : price;
    const childStock = random.chance(0.08) ? 0 : random.int(2, 250);
    const optionIds: string[] = [];
    if (sizeVariants) optionIds.push(properties.amount(properties.groups.size, plan.pack, form.unit));
    if (plan.flavour) optionIds.push(properties.option(properties.groups.flavour, plan.flavour, FLAVOURS[plan.flavour]));
    optionIds.forEach((optionId, i) => configuratorOptions.set(optionId, i === 0 && sizeVariants ? properties.groups.size : properties.groups.flavour));
    childPrices.push(childPrice);
    childStocks.push(childStock);
    childIds.push(childId);
    childEans.push(ean13(childSerial));
    childNumbers.push(childNumber);
    const childEan = ean13(childSerial);
    const choices = (l: LanguageKey) => [sizeVariants ? packing(plan.pack, l) : null, plan.flavour ? FLAVOURS[plan.flavour][l] : null].filter(Boolean).join(' ');
    variants.push({ id: childId, productNumber: childNumber, name: { de: `${name.de} ${choices('de')}`, it: `${name.it} ${choices('it')}`, fr: `${name.fr} ${choices('fr')}` } });
    childRows.push(() => {
      w.insert('product', {
        id: childId, parent_id: id, product_number: childNumber, type: 'physical', manufacturer_id: brand.id,
        tax_id: assortment.reducedTax ? TAX_REDUCED_ID : TAX_STANDARD_ID, unit_id: UNIT_ID[form.unit],
        delivery_time_id: childStock > 0 ? DELIVERY_TIME_ID.oneToTwoDays : DELIVERY_TIME_ID.oneToTwoWeeks,
        cover_id: stableId('product_media', childId, 0), active: 1, stock: childStock, available_stock: childStock,
        available: 1, is_closeout: 0, min_purchase: 1, max_purchase: null, purchase_steps: 1,
        shipping_free: 0, mark_as_topseller: 0, ean: childEan, pharmacode: pharmacode(childSerial),
        manufacturer_number: `${slugify(brand.name).slice(0, 4).toUpperCase()}-${childSerial}`,
        weight: weightFor(plan.pack), purchase_unit: plan.pack, reference_unit: form.unit === 'piece' ? 1 : 100,
        price: childPrice, list_price: null, cheapest_price: childPrice, price_range: 0, promotion_discount: null,
        click_collect_only: clickCollectOnly, prescription_required: prescription, rating_average: null,
        sales: Math.floor(sales / plans.length), child_count: 0, variant_listing_config: null,
        release_date: seedDate(daysOld), created_at: seedDate(daysOld), tags,
      });
      // Variants show the parent's pictures.
      w.insert('product_media', { id: stableId('product_media', childId, 0), product_id: childId, media_id: images[0]!.id, position: 1 });
      for (const optionId of optionIds) w.insert('product_option', { product_id: childId, property_group_option_id: optionId });
      w.translations('product_translation', { product_id: childId }, (l) => {
        const childFacts = { ...factsFor(l), packing: packing(plan.pack, l), ean: childEan, pharmacode: pharmacode(childSerial), weightKg: weightFor(plan.pack) };
        const texts = productTexts(l, childFacts, `/${images[0]!.thumbnailPaths[400]}`);
        return {
          name: name[l], description: texts.description, meta_title: texts.metaTitle, meta_description: texts.metaDescription,
          keywords: texts.keywords, pack_unit: form.countWord?.[l] ?? null, pack_unit_plural: form.countWord?.[l] ?? null,
          custom_fields: texts.customFields,
        };
      });
    });
  });
  input.onVariants(plans.length);

  const factsFor = (l: LanguageKey): ProductFacts => ({
    name: name[l],
    shortName: `${brand.name} ${kind.name[l]}`,
    brand: brand.name,
    kind: kind.name[l],
    form: form.name[l],
    ingredient: kind.ingredient ? INGREDIENTS[kind.ingredient][l] : null,
    strength: strength ? localStrength(strength, l) : null,
    purpose: assortment.purpose[l],
    packing: packing(pack, l),
    ageGroup: ages.map((a) => AGE_GROUPS[a][l]).join(', '),
    category: category.name[l],
    medicine,
    prescription,
    digital,
    features: features.map((f) => FEATURES[f][l]),
    pharmacode: code,
    ean,
    weightKg: weightFor(pack),
  });

  const isParent = plans.length > 0;
  const cheapest = isParent ? Math.min(...childPrices) : price;
  const stockTotal = isParent ? childStocks.reduce((a, b) => a + b, 0) : stock;
  const ratingPoints: number[] = [];
  const reviewCount = input.reviewRandom.chance(0.6) ? input.reviewRandom.int(1, 8) : 0;
  for (let r = 0; r < reviewCount; r++) ratingPoints.push(input.reviewRandom.weighted([[1, 4], [2, 6], [3, 14], [4, 36], [5, 40]] as const));
  const ratingAverage = ratingPoints.length ? round2(ratingPoints.reduce((a, b) => a + b, 0) / ratingPoints.length) : null;

  w.insert('product', {
    id, parent_id: null, product_number: productNumber, type: digital ? 'digital' : 'physical', manufacturer_id: brand.id,
    tax_id: assortment.reducedTax && !digital ? TAX_REDUCED_ID : TAX_STANDARD_ID, unit_id: unitId,
    delivery_time_id: deliveryTimeId, cover_id: coverId, active: 1, stock: stockTotal, available_stock: stockTotal,
    available: closeout && !isParent ? 0 : 1, is_closeout: closeout && !isParent, min_purchase: 1,
    max_purchase: medicine ? 10 : null, purchase_steps: 1,
    shipping_free: digital || price >= 120 || random.chance(0.08), mark_as_topseller: sales > 4200,
    ean: isParent ? null : ean, pharmacode: isParent ? null : code,
    manufacturer_number: `${slugify(brand.name).slice(0, 4).toUpperCase()}-${serial}`,
    weight: weightFor(pack), width: digital ? null : random.int(40, 120), height: digital ? null : random.int(60, 180),
    length: digital ? null : random.int(20, 80),
    purchase_unit: unitId ? pack : null, reference_unit: unitId ? (form.unit === 'piece' ? 1 : 100) : null,
    // A parent shows its cheapest variant's price ("ab CHF …").
    price: cheapest, list_price: listPrice, cheapest_price: cheapest,
    price_range: isParent && new Set(childPrices).size > 1, promotion_discount: promotionDiscount,
    click_collect_only: clickCollectOnly, prescription_required: prescription, rating_average: ratingAverage,
    sales, child_count: plans.length,
    variant_listing_config: isParent
      ? {
          displayParent: true,
          mainVariantId: null,
          configuratorGroupConfig: [
            ...(sizeVariants ? [{ id: properties.groups.size, representation: 'box', expressionForListings: false }] : []),
            ...(flavourVariants ? [{ id: properties.groups.flavour, representation: 'box', expressionForListings: false }] : []),
          ],
        }
      : null,
    release_date: seedDate(daysOld), created_at: seedDate(daysOld), tags,
  });
  images.forEach((image, position) => {
    w.insert('product_media', { id: stableId('product_media', id, position), product_id: id, media_id: image.id, position: position + 1 });
  });
  w.translations('product_translation', { product_id: id }, (l) => {
    const texts = productTexts(l, factsFor(l), `/${images[0]!.thumbnailPaths[400]}`);
    return {
      name: name[l], description: texts.description, meta_title: texts.metaTitle, meta_description: texts.metaDescription,
      keywords: texts.keywords, pack_unit: form.countWord?.[l] ?? null, pack_unit_plural: form.countWord?.[l] ?? null,
      custom_fields: texts.customFields,
    };
  });

  // Tier prices: cheaper per piece from 3 and from 6 (or 10).
  if (!isParent && !digital && random.chance(0.08)) {
    const tiers: [number, number | null, number][] = random.chance(0.5)
      ? [[1, 2, price], [3, 5, round2(price * 0.95)], [6, null, round2(price * 0.9)]]
      : [[1, 9, price], [10, null, round2(price * 0.92)]];
    for (const [start, end, tierPrice] of tiers) {
      w.insert('product_price', {
        id: stableId('product_price', id, start), product_id: id, quantity_start: start, quantity_end: end,
        price: tierPrice, list_price: listPrice,
      });
    }
  }

  for (const row of childRows) row();
  let position = 1;
  for (const [optionId] of configuratorOptions) {
    w.insert('product_configurator_setting', {
      id: stableId('product_configurator_setting', id, optionId), product_id: id, property_group_option_id: optionId, position: position++,
    });
  }

  // Filter properties.
  const propertyIds = new Set<string>([properties.form(formKey)]);
  if (kind.ingredient) propertyIds.add(properties.option(properties.groups.ingredient, kind.ingredient, INGREDIENTS[kind.ingredient]));
  if (!sizeVariants) propertyIds.add(properties.amount(properties.groups.pack, pack, form.unit));
  else for (const p of new Set(plans.map((plan) => plan.pack))) propertyIds.add(properties.amount(properties.groups.pack, p, form.unit));
  for (const age of ages) propertyIds.add(properties.option(properties.groups.age, age, AGE_GROUPS[age], Object.keys(AGE_GROUPS).indexOf(age)));
  for (const feature of features) propertyIds.add(properties.option(properties.groups.feature, feature, FEATURES[feature]));
  for (const optionId of propertyIds) w.insert('product_property', { product_id: id, property_group_option_id: optionId });

  // Categories: the leaf directly, and every ancestor (including the root) for nested listings.
  w.insert('product_category', { product_id: id, category_id: category.id });
  for (const categoryId of [...category.ancestorIds, category.id]) w.insert('product_category_tree', { product_id: id, category_id: categoryId });

  // Reviews in the languages of the shop's customers (mostly German).
  ratingPoints.forEach((points, r) => {
    const language = input.reviewRandom.weighted([['de', 60], ['fr', 25], ['it', 15]] as const);
    const text = reviewText(language, points, input.reviewRandom);
    w.insert('product_review', {
      id: stableId('product_review', id, r), product_id: id, language_id: LANGUAGE_ID[language], external_user: text.name,
      title: text.title, content: text.content, points, status: 1, created_at: seedDate(Math.max(0, daysOld - input.reviewRandom.int(0, daysOld)), r * 7),
    });
  });

  // Cross-selling: "goes well with" from the same shelf.
  if (input.crossSellingPool.length >= 3 && random.chance(0.15)) {
    const crossId = stableId('product_cross_selling', id, 1);
    w.insert('product_cross_selling', {
      id: crossId, product_id: id, position: 1, type: 'productList', active: 1,
      product_ids: random.sample(input.crossSellingPool, 4).map((p) => p.id),
    });
    w.translations('product_cross_selling_translation', { product_cross_selling_id: crossId }, (l) => ({
      name: tr('Passt dazu', 'Si abbina bene', 'Va bien avec')[l],
    }));
  }

  // Search index: one document per language.
  for (const language of LANGUAGES) {
    const l = language.key;
    const facts = factsFor(l);
    const content = [
      name[l], productNumber, brand.name, isParent ? childEans.join(' ') : ean, isParent ? '' : code, childNumbers.join(' '),
      kind.name[l], facts.ingredient, form.name[l], ...category.trail.map((t) => t[l]), ...facts.features,
    ].filter(Boolean).join(' ');
    w.insert('product_search', { product_id: id, language_id: language.id, content });
  }

  return {
    id, productNumber, name, categoryId: category.id, sales, daysOld, hasListPrice, variants, kindKey: kind.key, prescription,
  };
}

/** Sun protection and vitamin units are abbreviated differently in Italian and French. */
function localStrength(strength: string, language: LanguageKey): string {
  if (language === 'de') return strength;
  return strength.replace('LSF', 'FPS').replace(' IE', ' UI');
}

/** A kind's packs count its first form; a syrup of a tablet kind comes in millilitres. */
function packsOf(kind: ProductKind, formKey: FormKey): number[] {
  return FORMS[kind.forms[0]!].unit === FORMS[formKey].unit ? kind.packs : (FORM_PACKS[formKey] ?? kind.packs);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
