import type { PackShape } from './media-images';
import type { UnitKey } from './reference-data';
import { tr, type Tr } from './table-writer';

// What the pharmacy sells in each leaf category: product kinds with their dosage forms, active
// ingredients, strengths, pack sizes and price ranges. The catalogue generator combines these with
// brands to build plausible products.

export type FormKey =
  | 'tablets' | 'film-tablets' | 'capsules' | 'effervescent' | 'lozenges' | 'syrup' | 'drops' | 'spray'
  | 'cream' | 'gel' | 'ointment' | 'powder' | 'sachets' | 'tea-bags' | 'lotion' | 'shampoo' | 'plasters'
  | 'device' | 'bars' | 'gummies' | 'toothpaste' | 'pads' | 'test' | 'pdf' | 'porridge' | 'oil';

export interface DosageForm {
  name: Tr;
  unit: UnitKey;
  /** How a pack amount is written: "30 Tabletten", "100 ml". */
  countWord: Tr | null;
}

export const FORMS: Record<FormKey, DosageForm> = {
  tablets: { name: tr('Tabletten', 'Compresse', 'Comprimés'), unit: 'piece', countWord: tr('Tabletten', 'compresse', 'comprimés') },
  'film-tablets': { name: tr('Filmtabletten', 'Compresse rivestite', 'Comprimés pelliculés'), unit: 'piece', countWord: tr('Filmtabletten', 'compresse rivestite', 'comprimés pelliculés') },
  capsules: { name: tr('Kapseln', 'Capsule', 'Capsules'), unit: 'piece', countWord: tr('Kapseln', 'capsule', 'capsules') },
  effervescent: { name: tr('Brausetabletten', 'Compresse effervescenti', 'Comprimés effervescents'), unit: 'piece', countWord: tr('Brausetabletten', 'compresse effervescenti', 'comprimés effervescents') },
  lozenges: { name: tr('Lutschtabletten', 'Pastiglie', 'Pastilles'), unit: 'piece', countWord: tr('Lutschtabletten', 'pastiglie', 'pastilles') },
  syrup: { name: tr('Sirup', 'Sciroppo', 'Sirop'), unit: 'ml', countWord: null },
  drops: { name: tr('Tropfen', 'Gocce', 'Gouttes'), unit: 'ml', countWord: null },
  spray: { name: tr('Spray', 'Spray', 'Spray'), unit: 'ml', countWord: null },
  cream: { name: tr('Creme', 'Crema', 'Crème'), unit: 'g', countWord: null },
  gel: { name: tr('Gel', 'Gel', 'Gel'), unit: 'g', countWord: null },
  ointment: { name: tr('Salbe', 'Pomata', 'Pommade'), unit: 'g', countWord: null },
  powder: { name: tr('Pulver', 'Polvere', 'Poudre'), unit: 'g', countWord: null },
  sachets: { name: tr('Sachets', 'Bustine', 'Sachets'), unit: 'piece', countWord: tr('Sachets', 'bustine', 'sachets') },
  'tea-bags': { name: tr('Tee', 'Tisana', 'Tisane'), unit: 'piece', countWord: tr('Beutel', 'bustine', 'sachets') },
  lotion: { name: tr('Lotion', 'Lozione', 'Lotion'), unit: 'ml', countWord: null },
  shampoo: { name: tr('Shampoo', 'Shampoo', 'Shampooing'), unit: 'ml', countWord: null },
  plasters: { name: tr('Pflaster', 'Cerotti', 'Pansements'), unit: 'piece', countWord: tr('Pflaster', 'cerotti', 'pansements') },
  device: { name: tr('Gerät', 'Apparecchio', 'Appareil'), unit: 'piece', countWord: tr('Stück', 'pezzo', 'pièce') },
  bars: { name: tr('Riegel', 'Barrette', 'Barres'), unit: 'piece', countWord: tr('Riegel', 'barrette', 'barres') },
  gummies: { name: tr('Gummies', 'Caramelle gommose', 'Gommes'), unit: 'piece', countWord: tr('Gummies', 'caramelle', 'gommes') },
  toothpaste: { name: tr('Zahnpasta', 'Dentifricio', 'Dentifrice'), unit: 'ml', countWord: null },
  pads: { name: tr('Einlagen', 'Assorbenti', 'Protections'), unit: 'piece', countWord: tr('Stück', 'pezzi', 'pièces') },
  test: { name: tr('Test', 'Test', 'Test'), unit: 'piece', countWord: tr('Tests', 'test', 'tests') },
  pdf: { name: tr('Ernährungsplan (PDF)', 'Piano alimentare (PDF)', 'Plan nutritionnel (PDF)'), unit: 'piece', countWord: tr('Download', 'download', 'téléchargement') },
  porridge: { name: tr('Brei', 'Pappa', 'Bouillie'), unit: 'g', countWord: null },
  oil: { name: tr('Öl', 'Olio', 'Huile'), unit: 'ml', countWord: null },
};

/** The pack each form comes in, drawn on the product's packshot. */
export const PACK_SHAPES: Record<FormKey, PackShape> = {
  tablets: 'blister', 'film-tablets': 'blister', capsules: 'blister', effervescent: 'tube', lozenges: 'box', syrup: 'bottle',
  drops: 'bottle', spray: 'bottle', cream: 'tube', gel: 'tube', ointment: 'tube', powder: 'box', sachets: 'sachet',
  'tea-bags': 'box', lotion: 'bottle', shampoo: 'bottle', plasters: 'box', device: 'box', bars: 'sachet', gummies: 'bottle',
  toothpaste: 'tube', pads: 'box', test: 'box', pdf: 'sheet', porridge: 'box', oil: 'bottle',
};

/** Pack amounts of a form when a kind's pack list is counted in another unit (syrup of a tablet kind). */
export const FORM_PACKS: Partial<Record<FormKey, number[]>> = {
  syrup: [100, 150, 200], drops: [10, 20, 30], spray: [15, 20, 30], cream: [30, 50, 100], gel: [30, 50, 100],
  ointment: [20, 30, 50], powder: [150, 300, 500], lotion: [100, 200, 400], oil: [50, 100, 200], toothpaste: [75, 100],
  shampoo: [150, 200, 300], porridge: [250, 400, 500], capsules: [30, 60, 90], tablets: [20, 30, 60],
  'film-tablets': [20, 30, 60], effervescent: [10, 20, 40], lozenges: [20, 24, 36], sachets: [10, 20, 30],
  'tea-bags': [20, 25], gummies: [30, 60],
};

export type IngredientKey = keyof typeof INGREDIENTS;

export const INGREDIENTS = {
  ibuprofen: tr('Ibuprofen', 'Ibuprofene', 'Ibuprofène'),
  paracetamol: tr('Paracetamol', 'Paracetamolo', 'Paracétamol'),
  asa: tr('Acetylsalicylsäure', 'Acido acetilsalicilico', 'Acide acétylsalicylique'),
  diclofenac: tr('Diclofenac', 'Diclofenac', 'Diclofénac'),
  sage: tr('Salbei', 'Salvia', 'Sauge'),
  lidocaine: tr('Lidocain', 'Lidocaina', 'Lidocaïne'),
  ambroxol: tr('Ambroxol', 'Ambroxolo', 'Ambroxol'),
  ivy: tr('Efeu', 'Edera', 'Lierre'),
  xylometazoline: tr('Xylometazolin', 'Xilometazolina', 'Xylométazoline'),
  seawater: tr('Meerwasser', 'Acqua di mare', 'Eau de mer'),
  cetirizine: tr('Cetirizin', 'Cetirizina', 'Cétirizine'),
  loratadine: tr('Loratadin', 'Loratadina', 'Loratadine'),
  loperamide: tr('Loperamid', 'Loperamide', 'Lopéramide'),
  probiotics: tr('Milchsäurebakterien', 'Fermenti lattici', 'Bactéries lactiques'),
  peppermint: tr('Pfefferminze', 'Menta piperita', 'Menthe poivrée'),
  valerian: tr('Baldrian', 'Valeriana', 'Valériane'),
  melissa: tr('Melisse', 'Melissa', 'Mélisse'),
  dexpanthenol: tr('Dexpanthenol', 'Dexpantenolo', 'Dexpanthénol'),
  zincoxide: tr('Zinkoxid', 'Ossido di zinco', 'Oxyde de zinc'),
  cholecalciferol: tr('Vitamin D3', 'Vitamina D3', 'Vitamine D3'),
  ascorbic: tr('Vitamin C', 'Vitamina C', 'Vitamine C'),
  magnesium: tr('Magnesium', 'Magnesio', 'Magnésium'),
  multivitamin: tr('Vitamine und Mineralstoffe', 'Vitamine e minerali', 'Vitamines et minéraux'),
  iron: tr('Eisen', 'Ferro', 'Fer'),
  zinc: tr('Zink', 'Zinco', 'Zinc'),
  omega3: tr('Omega-3-Fettsäuren', 'Acidi grassi omega-3', 'Acides gras oméga-3'),
  hyaluronic: tr('Hyaluronsäure', 'Acido ialuronico', 'Acide hyaluronique'),
  fluoride: tr('Fluorid', 'Fluoruro', 'Fluorure'),
  chamomile: tr('Kamille', 'Camomilla', 'Camomille'),
  whey: tr('Molkenprotein', 'Proteine del siero', 'Protéines de lactosérum'),
  creatine: tr('Kreatin', 'Creatina', 'Créatine'),
  caffeine: tr('Koffein', 'Caffeina', 'Caféine'),
  urea: tr('Urea', 'Urea', 'Urée'),
  aloe: tr('Aloe Vera', 'Aloe vera', 'Aloe vera'),
  q10: tr('Coenzym Q10', 'Coenzima Q10', 'Coenzyme Q10'),
  keratin: tr('Keratin', 'Cheratina', 'Kératine'),
  biotin: tr('Biotin', 'Biotina', 'Biotine'),
  fibre: tr('Ballaststoffe', 'Fibre', 'Fibres'),
} as const;

export type AgeKey = 'adults' | 'children-6' | 'children-12' | 'babies' | 'seniors';
export const AGE_GROUPS: Record<AgeKey, Tr> = {
  adults: tr('Erwachsene', 'Adulti', 'Adultes'),
  'children-12': tr('Kinder ab 12 Jahren', 'Bambini dai 12 anni', 'Enfants dès 12 ans'),
  'children-6': tr('Kinder ab 6 Jahren', 'Bambini dai 6 anni', 'Enfants dès 6 ans'),
  babies: tr('Babys', 'Neonati', 'Bébés'),
  seniors: tr('Senioren', 'Anziani', 'Seniors'),
};

export type FeatureKey = 'vegan' | 'gluten-free' | 'lactose-free' | 'sugar-free';
export const FEATURES: Record<FeatureKey, Tr> = {
  vegan: tr('Vegan', 'Vegano', 'Végane'),
  'gluten-free': tr('Glutenfrei', 'Senza glutine', 'Sans gluten'),
  'lactose-free': tr('Laktosefrei', 'Senza lattosio', 'Sans lactose'),
  'sugar-free': tr('Zuckerfrei', 'Senza zucchero', 'Sans sucre'),
};

export type FlavourKey = 'neutral' | 'vanilla' | 'chocolate' | 'strawberry' | 'lemon' | 'orange' | 'berry' | 'mint';
export const FLAVOURS: Record<FlavourKey, Tr> = {
  neutral: tr('Neutral', 'Neutro', 'Neutre'),
  vanilla: tr('Vanille', 'Vaniglia', 'Vanille'),
  chocolate: tr('Schokolade', 'Cioccolato', 'Chocolat'),
  strawberry: tr('Erdbeere', 'Fragola', 'Fraise'),
  lemon: tr('Zitrone', 'Limone', 'Citron'),
  orange: tr('Orange', 'Arancia', 'Orange'),
  berry: tr('Beeren', 'Frutti di bosco', 'Fruits rouges'),
  mint: tr('Minze', 'Menta', 'Menthe'),
};

export interface ProductKind {
  key: string;
  name: Tr;
  ingredient?: IngredientKey;
  forms: FormKey[];
  strengths?: string[];
  /** Pack amounts in the form's unit. */
  packs: number[];
  price: [number, number];
  ages?: AgeKey[];
  features?: FeatureKey[];
  /** Some products of this kind come in variants. */
  variants?: { sizes?: boolean; flavours?: FlavourKey[] };
  weightPerUnit?: number;
  /** Strengths sold only on prescription (Swissmedic list B), e.g. ibuprofen 400 mg; all others are over the counter. */
  prescriptionStrengths?: string[];
}

export interface Assortment {
  categoryKey: string;
  /** Medicines: reduced VAT, can be Click & Collect only or need a prescription. */
  medicine: boolean;
  /** Reduced VAT (2.6 %) for medicines and food. */
  reducedTax: boolean;
  /** What the products are for, used in the texts: "bei Schmerzen und Fieber". */
  purpose: Tr;
  kinds: ProductKind[];
  /** Colours of the package drawings. */
  colors: string[];
}

const ADULT = ['adults'] as AgeKey[];
const ALL_AGES = ['adults', 'children-12', 'children-6'] as AgeKey[];

export const ASSORTMENT: Assortment[] = [
  {
    categoryKey: 'pain-fever', medicine: true, reducedTax: true, colors: ['#c0392b', '#d35400', '#8e44ad'],
    purpose: tr('bei leichten bis mässigen Schmerzen und Fieber', 'in caso di dolori da lievi a moderati e febbre', 'en cas de douleurs légères à modérées et de fièvre'),
    kinds: [
      { key: 'ibuprofen', name: tr('Ibuprofen', 'Ibuprofene', 'Ibuprofène'), ingredient: 'ibuprofen', forms: ['film-tablets', 'capsules'], strengths: ['200 mg', '400 mg'], packs: [10, 20, 30], price: [5.9, 16.9], ages: ['adults', 'children-12'], prescriptionStrengths: ['400 mg'] },
      { key: 'paracetamol', name: tr('Paracetamol', 'Paracetamolo', 'Paracétamol'), ingredient: 'paracetamol', forms: ['tablets', 'effervescent', 'syrup'], strengths: ['500 mg', '1 g'], packs: [16, 20, 40], price: [3.9, 12.5], ages: ALL_AGES, prescriptionStrengths: ['1 g'] },
      { key: 'asa', name: tr('Schmerztabletten ASS', 'Antidolorifico ASA', 'Antidouleur AAS'), ingredient: 'asa', forms: ['tablets', 'effervescent'], strengths: ['500 mg'], packs: [20, 40], price: [6.5, 14.9], ages: ADULT },
      { key: 'diclofenac', name: tr('Schmerzgel', 'Gel antidolorifico', 'Gel antidouleur'), ingredient: 'diclofenac', forms: ['gel'], strengths: ['1 %', '2 %'], packs: [50, 100, 150], price: [9.9, 24.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'sore-throat', medicine: true, reducedTax: true, colors: ['#2980b9', '#16a085'],
    purpose: tr('bei Halsschmerzen und Schluckbeschwerden', 'in caso di mal di gola e difficoltà a deglutire', 'en cas de maux de gorge et de difficultés à avaler'),
    kinds: [
      { key: 'throat-lozenges', name: tr('Halsschmerz', 'Gola', 'Gorge'), ingredient: 'lidocaine', forms: ['lozenges'], packs: [20, 24, 36], price: [7.5, 15.9], ages: ['adults', 'children-6'], variants: { flavours: ['lemon', 'mint', 'berry'] } },
      { key: 'sage', name: tr('Salbei', 'Salvia', 'Sauge'), ingredient: 'sage', forms: ['lozenges', 'spray'], packs: [20, 30], price: [5.9, 12.9], ages: ALL_AGES, features: ['vegan', 'sugar-free'] },
    ],
  },
  {
    categoryKey: 'cough', medicine: true, reducedTax: true, colors: ['#27ae60', '#2c3e50'],
    purpose: tr('bei Husten und verschleimten Atemwegen', 'in caso di tosse e vie respiratorie congestionate', 'en cas de toux et de voies respiratoires encombrées'),
    kinds: [
      { key: 'ambroxol', name: tr('Hustenlöser', 'Mucolitico', 'Fluidifiant'), ingredient: 'ambroxol', forms: ['syrup', 'effervescent'], strengths: ['15 mg/5 ml', '30 mg'], packs: [100, 200], price: [8.9, 19.9], ages: ALL_AGES },
      { key: 'ivy', name: tr('Efeu Hustensirup', 'Sciroppo all’edera', 'Sirop au lierre'), ingredient: 'ivy', forms: ['syrup', 'drops'], packs: [100, 200], price: [9.9, 22.5], ages: ['adults', 'children-6', 'babies'], features: ['sugar-free'] },
    ],
  },
  {
    categoryKey: 'blocked-nose', medicine: true, reducedTax: true, colors: ['#3498db', '#1abc9c'],
    purpose: tr('bei verstopfter Nase und Schnupfen', 'in caso di naso chiuso e raffreddore', 'en cas de nez bouché et de rhume'),
    kinds: [
      { key: 'nasal-spray', name: tr('Nasenspray', 'Spray nasale', 'Spray nasal'), ingredient: 'xylometazoline', forms: ['spray'], strengths: ['0.05 %', '0.1 %'], packs: [10, 15], price: [6.9, 13.9], ages: ['adults', 'children-6'] },
      { key: 'seawater', name: tr('Meerwasser Nasenspülung', 'Lavaggio nasale acqua di mare', 'Lavage nasal eau de mer'), ingredient: 'seawater', forms: ['spray'], packs: [30, 100, 125], price: [7.9, 16.5], ages: ['adults', 'children-6', 'babies'], features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'allergy', medicine: true, reducedTax: true, colors: ['#f39c12', '#9b59b6'],
    purpose: tr('bei Heuschnupfen und allergischen Beschwerden', 'in caso di raffreddore da fieno e disturbi allergici', 'en cas de rhume des foins et de troubles allergiques'),
    kinds: [
      { key: 'cetirizine', name: tr('Cetirizin', 'Cetirizina', 'Cétirizine'), ingredient: 'cetirizine', forms: ['film-tablets', 'drops'], strengths: ['10 mg'], packs: [10, 20, 30], price: [8.5, 21.9], ages: ['adults', 'children-6'] },
      { key: 'loratadine', name: tr('Loratadin', 'Loratadina', 'Loratadine'), ingredient: 'loratadine', forms: ['tablets'], strengths: ['10 mg'], packs: [7, 20, 30], price: [7.9, 19.5], ages: ['adults', 'children-12'] },
      { key: 'eye-drops', name: tr('Augentropfen Allergie', 'Collirio allergia', 'Gouttes oculaires allergie'), forms: ['drops'], packs: [10], price: [9.9, 15.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'digestion', medicine: true, reducedTax: true, colors: ['#16a085', '#e67e22'],
    purpose: tr('bei Magen-Darm-Beschwerden wie Durchfall und Blähungen', 'in caso di disturbi gastrointestinali come diarrea e gonfiore', 'en cas de troubles gastro-intestinaux comme la diarrhée et les ballonnements'),
    kinds: [
      { key: 'loperamide', name: tr('Durchfall', 'Antidiarroico', 'Antidiarrhéique'), ingredient: 'loperamide', forms: ['capsules', 'tablets'], strengths: ['2 mg'], packs: [10, 20], price: [7.9, 14.9], ages: ['adults', 'children-12'] },
      { key: 'probiotic', name: tr('Darmflora', 'Flora intestinale', 'Flore intestinale'), ingredient: 'probiotics', forms: ['capsules', 'sachets'], packs: [10, 20, 30], price: [14.9, 39.9], ages: ALL_AGES, features: ['gluten-free', 'lactose-free'] },
      { key: 'peppermint', name: tr('Pfefferminzöl', 'Olio di menta piperita', 'Huile de menthe poivrée'), ingredient: 'peppermint', forms: ['capsules'], packs: [14, 28, 42], price: [11.9, 29.9], ages: ADULT, features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'sleep-nerves', medicine: true, reducedTax: true, colors: ['#34495e', '#5b4b8a'],
    purpose: tr('bei Unruhe, Nervosität und Einschlafproblemen', 'in caso di agitazione, nervosismo e difficoltà ad addormentarsi', 'en cas d’agitation, de nervosité et de difficultés d’endormissement'),
    kinds: [
      { key: 'valerian', name: tr('Baldrian', 'Valeriana', 'Valériane'), ingredient: 'valerian', forms: ['film-tablets', 'drops'], strengths: ['500 mg'], packs: [20, 40, 60], price: [12.9, 34.9], ages: ['adults', 'children-12'], features: ['vegan'] },
      { key: 'melissa', name: tr('Melisse Nerven', 'Melissa nervi', 'Mélisse nerfs'), ingredient: 'melissa', forms: ['capsules', 'tea-bags'], packs: [20, 30, 60], price: [8.9, 24.9], ages: ADULT, features: ['vegan', 'gluten-free'] },
    ],
  },
  {
    categoryKey: 'skin-wounds', medicine: true, reducedTax: true, colors: ['#e74c3c', '#f1c40f'],
    purpose: tr('zur Pflege und Heilung von Wunden und gereizter Haut', 'per la cura e la guarigione di ferite e pelle irritata', 'pour soigner et cicatriser les plaies et la peau irritée'),
    kinds: [
      { key: 'wound-cream', name: tr('Wund- und Heilsalbe', 'Pomata cicatrizzante', 'Pommade cicatrisante'), ingredient: 'dexpanthenol', forms: ['ointment', 'cream'], strengths: ['5 %'], packs: [20, 30, 100], price: [6.9, 18.9], ages: ['adults', 'children-6', 'babies'] },
      { key: 'zinc', name: tr('Zinksalbe', 'Pomata allo zinco', 'Pommade au zinc'), ingredient: 'zincoxide', forms: ['ointment'], packs: [25, 50, 100], price: [5.5, 12.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'vitamin-d', medicine: false, reducedTax: true, colors: ['#f1c40f', '#e67e22'],
    purpose: tr('für starke Knochen und ein gesundes Immunsystem', 'per ossa forti e un sistema immunitario sano', 'pour des os solides et un système immunitaire sain'),
    kinds: [
      { key: 'vitamin-d3', name: tr('Vitamin D3', 'Vitamina D3', 'Vitamine D3'), ingredient: 'cholecalciferol', forms: ['drops', 'capsules', 'tablets'], strengths: ['400 IE', '1000 IE', '2000 IE'], packs: [10, 20, 60, 90], price: [9.9, 29.9], ages: ['adults', 'seniors', 'babies'], features: ['gluten-free', 'lactose-free'], variants: { sizes: true } },
      { key: 'vitamin-d3-k2', name: tr('Vitamin D3 + K2', 'Vitamina D3 + K2', 'Vitamine D3 + K2'), ingredient: 'cholecalciferol', forms: ['capsules', 'drops'], packs: [30, 60, 120], price: [19.9, 39.9], ages: ['adults', 'seniors'], features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'vitamin-c', medicine: false, reducedTax: true, colors: ['#f39c12', '#e74c3c'],
    purpose: tr('zur Unterstützung der Abwehrkräfte', 'per sostenere le difese immunitarie', 'pour soutenir les défenses immunitaires'),
    kinds: [
      { key: 'vitamin-c', name: tr('Vitamin C', 'Vitamina C', 'Vitamine C'), ingredient: 'ascorbic', forms: ['effervescent', 'capsules', 'lozenges'], strengths: ['500 mg', '1000 mg'], packs: [20, 30, 60], price: [6.9, 24.9], ages: ALL_AGES, features: ['vegan', 'sugar-free'], variants: { flavours: ['orange', 'lemon', 'berry'] } },
      { key: 'vitamin-c-zinc', name: tr('Vitamin C + Zink', 'Vitamina C + zinco', 'Vitamine C + zinc'), ingredient: 'ascorbic', forms: ['effervescent', 'gummies'], packs: [20, 40, 60], price: [8.9, 22.9], ages: ['adults', 'children-6'], features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'magnesium', medicine: false, reducedTax: true, colors: ['#2980b9', '#8e44ad'],
    purpose: tr('für Muskeln und Nerven, bei Krämpfen und Müdigkeit', 'per muscoli e nervi, in caso di crampi e stanchezza', 'pour les muscles et les nerfs, en cas de crampes et de fatigue'),
    kinds: [
      { key: 'magnesium', name: tr('Magnesium', 'Magnesio', 'Magnésium'), ingredient: 'magnesium', forms: ['effervescent', 'sachets', 'capsules'], strengths: ['300 mg', '375 mg', '450 mg'], packs: [20, 30, 60, 100], price: [9.9, 34.9], ages: ['adults', 'seniors'], features: ['gluten-free', 'lactose-free'], variants: { sizes: true, flavours: ['orange', 'lemon', 'neutral'] } },
      { key: 'magnesium-b', name: tr('Magnesium + Vitamin B', 'Magnesio + vitamina B', 'Magnésium + vitamine B'), ingredient: 'magnesium', forms: ['tablets'], packs: [30, 60, 120], price: [14.9, 36.9], ages: ADULT, features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'multivitamins', medicine: false, reducedTax: true, colors: ['#e67e22', '#27ae60', '#c0392b'],
    purpose: tr('zur Ergänzung einer ausgewogenen Ernährung', 'come integrazione di un’alimentazione equilibrata', 'pour compléter une alimentation équilibrée'),
    kinds: [
      { key: 'multivitamin', name: tr('Multivitamin', 'Multivitaminico', 'Multivitamines'), ingredient: 'multivitamin', forms: ['film-tablets', 'effervescent', 'capsules'], packs: [30, 60, 90], price: [12.9, 49.9], ages: ['adults', 'seniors'], variants: { sizes: true } },
      { key: 'multivitamin-kids', name: tr('Multivitamin Kids', 'Multivitaminico bambini', 'Multivitamines enfants'), ingredient: 'multivitamin', forms: ['gummies', 'syrup'], packs: [30, 60, 150], price: [11.9, 26.9], ages: ['children-6'], features: ['gluten-free'], variants: { flavours: ['strawberry', 'orange', 'berry'] } },
    ],
  },
  {
    categoryKey: 'iron-zinc', medicine: false, reducedTax: true, colors: ['#7f8c8d', '#c0392b'],
    purpose: tr('bei erhöhtem Bedarf an Eisen und Zink', 'in caso di fabbisogno elevato di ferro e zinco', 'en cas de besoin accru en fer et en zinc'),
    kinds: [
      { key: 'iron', name: tr('Eisen', 'Ferro', 'Fer'), ingredient: 'iron', forms: ['capsules', 'drops'], strengths: ['14 mg', '25 mg'], packs: [30, 60, 100], price: [12.9, 32.9], ages: ADULT, features: ['vegan'] },
      { key: 'zinc', name: tr('Zink', 'Zinco', 'Zinc'), ingredient: 'zinc', forms: ['tablets', 'lozenges'], strengths: ['10 mg', '15 mg'], packs: [30, 60, 100], price: [9.9, 24.9], ages: ['adults', 'children-12'], features: ['vegan', 'gluten-free'] },
    ],
  },
  {
    categoryKey: 'omega-3', medicine: false, reducedTax: true, colors: ['#2471a3', '#48c9b0'],
    purpose: tr('für Herz, Gehirn und Sehkraft', 'per cuore, cervello e vista', 'pour le cœur, le cerveau et la vue'),
    kinds: [
      { key: 'fish-oil', name: tr('Omega-3 Fischöl', 'Omega-3 olio di pesce', 'Oméga-3 huile de poisson'), ingredient: 'omega3', forms: ['capsules', 'oil'], strengths: ['500 mg', '1000 mg'], packs: [60, 90, 120], price: [16.9, 54.9], ages: ['adults', 'seniors'], features: ['gluten-free'], variants: { sizes: true } },
      { key: 'algae-oil', name: tr('Omega-3 Algenöl', 'Omega-3 olio di alghe', 'Oméga-3 huile d’algues'), ingredient: 'omega3', forms: ['capsules'], packs: [60, 90], price: [24.9, 49.9], ages: ADULT, features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'face-care', medicine: false, reducedTax: false, colors: ['#f5b7b1', '#a569bd'],
    purpose: tr('für eine gepflegte, geschmeidige Gesichtshaut', 'per una pelle del viso curata ed elastica', 'pour une peau du visage soignée et souple'),
    kinds: [
      { key: 'day-cream', name: tr('Feuchtigkeitscreme', 'Crema idratante', 'Crème hydratante'), ingredient: 'hyaluronic', forms: ['cream'], packs: [30, 50], price: [14.9, 49.9], ages: ADULT, variants: { sizes: true } },
      { key: 'cleansing', name: tr('Reinigungsgel', 'Gel detergente', 'Gel nettoyant'), forms: ['gel'], packs: [150, 200, 400], price: [9.9, 24.9], ages: ADULT, features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'shower-bath', medicine: false, reducedTax: false, colors: ['#5dade2', '#58d68d'],
    purpose: tr('für die tägliche, hautschonende Reinigung', 'per una detersione quotidiana delicata', 'pour une toilette quotidienne en douceur'),
    kinds: [
      { key: 'shower-oil', name: tr('Duschöl', 'Olio doccia', 'Huile de douche'), forms: ['oil'], packs: [200, 400, 500], price: [8.9, 22.9], ages: ALL_AGES, variants: { sizes: true } },
      { key: 'body-lotion', name: tr('Bodylotion', 'Lozione corpo', 'Lait corporel'), ingredient: 'urea', forms: ['lotion'], strengths: ['5 %', '10 %'], packs: [200, 400], price: [11.9, 26.9], ages: ['adults', 'seniors'], variants: { sizes: true } },
    ],
  },
  {
    categoryKey: 'oral-care', medicine: false, reducedTax: false, colors: ['#3498db', '#ecf0f1'],
    purpose: tr('für gesunde Zähne und frischen Atem', 'per denti sani e alito fresco', 'pour des dents saines et une haleine fraîche'),
    kinds: [
      { key: 'toothpaste', name: tr('Zahnpasta Sensitiv', 'Dentifricio sensitive', 'Dentifrice sensitive'), ingredient: 'fluoride', forms: ['toothpaste'], packs: [75, 100], price: [3.9, 9.9], ages: ['adults', 'children-6'], variants: { flavours: ['mint', 'neutral'] } },
      { key: 'mouthwash', name: tr('Mundspülung', 'Collutorio', 'Bain de bouche'), forms: ['lotion'], packs: [300, 500], price: [5.9, 12.9], ages: ['adults', 'children-12'] },
    ],
  },
  {
    categoryKey: 'hair-care', medicine: false, reducedTax: false, colors: ['#b9770e', '#6c3483'],
    purpose: tr('für gesundes, kräftiges Haar', 'per capelli sani e forti', 'pour des cheveux sains et forts'),
    kinds: [
      { key: 'shampoo', name: tr('Anti-Schuppen Shampoo', 'Shampoo antiforfora', 'Shampooing antipelliculaire'), forms: ['shampoo'], packs: [150, 200, 300], price: [8.9, 19.9], ages: ADULT },
      { key: 'hair-caps', name: tr('Haar-Kapseln', 'Capsule per capelli', 'Capsules cheveux'), ingredient: 'biotin', forms: ['capsules'], packs: [60, 120], price: [24.9, 59.9], ages: ADULT, features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'sun-care', medicine: false, reducedTax: false, colors: ['#f4d03f', '#eb984e'],
    purpose: tr('zum Schutz vor Sonnenbrand und UV-Strahlen', 'per proteggere dalle scottature e dai raggi UV', 'pour se protéger des coups de soleil et des UV'),
    kinds: [
      { key: 'sunscreen', name: tr('Sonnenmilch', 'Latte solare', 'Lait solaire'), forms: ['lotion', 'spray'], strengths: ['LSF 30', 'LSF 50+'], packs: [100, 200], price: [14.9, 34.9], ages: ALL_AGES, variants: { sizes: true } },
      { key: 'after-sun', name: tr('After Sun', 'Doposole', 'Après-soleil'), ingredient: 'aloe', forms: ['gel', 'lotion'], packs: [150, 200], price: [9.9, 19.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'baby-care', medicine: false, reducedTax: false, colors: ['#aed6f1', '#f9e79f'],
    purpose: tr('für die zarte Babyhaut', 'per la pelle delicata dei neonati', 'pour la peau délicate des bébés'),
    kinds: [
      { key: 'nappy-cream', name: tr('Wundschutzcreme Baby', 'Crema protettiva neonati', 'Crème change bébé'), ingredient: 'zincoxide', forms: ['cream'], packs: [50, 100], price: [6.9, 15.9], ages: ['babies'] },
      { key: 'baby-oil', name: tr('Babyöl', 'Olio per neonati', 'Huile bébé'), forms: ['oil'], packs: [100, 200], price: [7.9, 17.9], ages: ['babies'], features: ['vegan'] },
    ],
  },
  {
    categoryKey: 'baby-food', medicine: false, reducedTax: true, colors: ['#f8c471', '#82e0aa'],
    purpose: tr('für eine ausgewogene Ernährung im ersten Lebensjahr', 'per un’alimentazione equilibrata nel primo anno di vita', 'pour une alimentation équilibrée la première année'),
    kinds: [
      { key: 'porridge', name: tr('Getreidebrei', 'Pappa ai cereali', 'Bouillie de céréales'), forms: ['porridge'], packs: [250, 400, 500], price: [4.9, 11.9], ages: ['babies'], features: ['gluten-free'], variants: { flavours: ['neutral', 'vanilla', 'berry'] } },
      { key: 'baby-tea', name: tr('Babytee Fenchel', 'Tisana al finocchio per neonati', 'Tisane fenouil bébé'), forms: ['tea-bags'], packs: [20, 30], price: [3.9, 7.9], ages: ['babies'], features: ['sugar-free'] },
    ],
  },
  {
    categoryKey: 'child-health', medicine: true, reducedTax: true, colors: ['#48c9b0', '#f5b041'],
    purpose: tr('für die Gesundheit von Kindern', 'per la salute dei bambini', 'pour la santé des enfants'),
    kinds: [
      { key: 'kids-fever', name: tr('Fiebersaft Kinder', 'Sciroppo antifebbrile bambini', 'Sirop contre la fièvre enfants'), ingredient: 'paracetamol', forms: ['syrup'], strengths: ['120 mg/5 ml'], packs: [100], price: [6.9, 12.9], ages: ['children-6', 'babies'] },
      { key: 'kids-cough', name: tr('Hustensaft Kinder', 'Sciroppo per la tosse bambini', 'Sirop contre la toux enfants'), ingredient: 'ivy', forms: ['syrup'], packs: [100, 150], price: [8.9, 16.9], ages: ['children-6'], features: ['sugar-free'] },
    ],
  },
  {
    categoryKey: 'tea', medicine: false, reducedTax: true, colors: ['#7dcea0', '#a04000'],
    purpose: tr('für wohltuende Momente und Wohlbefinden', 'per momenti di benessere', 'pour des moments de bien-être'),
    kinds: [
      { key: 'chamomile-tea', name: tr('Kamillentee', 'Tisana alla camomilla', 'Tisane camomille'), ingredient: 'chamomile', forms: ['tea-bags'], packs: [20, 40], price: [3.5, 7.9], ages: ALL_AGES, features: ['vegan'] },
      { key: 'herbal-tea', name: tr('Kräutertee Erkältung', 'Tisana alle erbe raffreddore', 'Tisane aux herbes rhume'), ingredient: 'peppermint', forms: ['tea-bags'], packs: [20, 25], price: [3.9, 8.9], ages: ALL_AGES, features: ['vegan', 'gluten-free'] },
    ],
  },
  {
    categoryKey: 'diet', medicine: false, reducedTax: true, colors: ['#58d68d', '#5d6d7e'],
    purpose: tr('zur Unterstützung einer gewichtsbewussten Ernährung', 'per sostenere un’alimentazione attenta al peso', 'pour soutenir une alimentation équilibrée et légère'),
    kinds: [
      { key: 'meal-shake', name: tr('Mahlzeitenersatz Shake', 'Shake sostitutivo del pasto', 'Shake substitut de repas'), forms: ['powder'], packs: [400, 500], price: [24.9, 44.9], ages: ADULT, features: ['gluten-free'], variants: { flavours: ['vanilla', 'chocolate', 'strawberry'] } },
      { key: 'fibre', name: tr('Ballaststoffe Sättigung', 'Fibre sazianti', 'Fibres satiété'), ingredient: 'fibre', forms: ['capsules', 'powder'], packs: [60, 120], price: [14.9, 32.9], ages: ADULT, features: ['vegan'] },
      { key: 'nutrition-plan', name: tr('4-Wochen', '4 settimane', '4 semaines'), forms: ['pdf'], packs: [1], price: [9.9, 19.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'gluten-free', medicine: false, reducedTax: true, colors: ['#d4ac0d', '#ca6f1e'],
    purpose: tr('für eine glutenfreie Ernährung', 'per un’alimentazione senza glutine', 'pour une alimentation sans gluten'),
    kinds: [
      { key: 'gf-bars', name: tr('Müesliriegel glutenfrei', 'Barrette ai cereali senza glutine', 'Barres de céréales sans gluten'), forms: ['bars'], packs: [3, 6, 12], price: [3.9, 12.9], ages: ALL_AGES, features: ['gluten-free', 'vegan'], variants: { flavours: ['chocolate', 'berry', 'neutral'] } },
      { key: 'gf-flour', name: tr('Mehlmischung glutenfrei', 'Miscela di farine senza glutine', 'Mélange de farines sans gluten'), forms: ['powder'], packs: [500, 1000], price: [5.9, 11.9], ages: ALL_AGES, features: ['gluten-free'] },
    ],
  },
  {
    categoryKey: 'protein', medicine: false, reducedTax: true, colors: ['#1f618d', '#117864', '#78281f'],
    purpose: tr('für Muskelaufbau und Regeneration nach dem Training', 'per lo sviluppo muscolare e il recupero dopo l’allenamento', 'pour la construction musculaire et la récupération après l’entraînement'),
    kinds: [
      { key: 'whey', name: tr('Whey Protein', 'Proteine whey', 'Protéine whey'), ingredient: 'whey', forms: ['powder'], packs: [500, 1000], price: [29.9, 64.9], ages: ADULT, features: ['gluten-free'], variants: { sizes: true, flavours: ['vanilla', 'chocolate', 'strawberry', 'neutral'] } },
      { key: 'protein-bar', name: tr('Proteinriegel', 'Barretta proteica', 'Barre protéinée'), ingredient: 'whey', forms: ['bars'], packs: [1, 12], price: [2.9, 34.9], ages: ADULT, variants: { flavours: ['chocolate', 'vanilla', 'berry'] } },
    ],
  },
  {
    categoryKey: 'energy', medicine: false, reducedTax: true, colors: ['#d68910', '#cb4335'],
    purpose: tr('für mehr Energie und Ausdauer beim Sport', 'per più energia e resistenza durante lo sport', 'pour plus d’énergie et d’endurance pendant le sport'),
    kinds: [
      { key: 'isotonic', name: tr('Isotonisches Getränkepulver', 'Polvere per bevanda isotonica', 'Poudre pour boisson isotonique'), forms: ['powder'], packs: [500, 1000], price: [19.9, 39.9], ages: ADULT, variants: { flavours: ['lemon', 'orange', 'berry'] } },
      { key: 'energy-gel', name: tr('Energie-Gel', 'Gel energetico', 'Gel énergétique'), ingredient: 'caffeine', forms: ['gel'], packs: [40, 60], price: [2.5, 4.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'recovery', medicine: false, reducedTax: true, colors: ['#2e86c1', '#239b56'],
    purpose: tr('für die Regeneration nach intensiver Belastung', 'per il recupero dopo sforzi intensi', 'pour la récupération après un effort intense'),
    kinds: [
      { key: 'creatine', name: tr('Kreatin Monohydrat', 'Creatina monoidrato', 'Créatine monohydrate'), ingredient: 'creatine', forms: ['powder', 'capsules'], packs: [300, 500], price: [19.9, 39.9], ages: ADULT, features: ['vegan'] },
      { key: 'sport-gel', name: tr('Sport-Gel Muskeln', 'Gel sportivo muscoli', 'Gel sport muscles'), forms: ['gel'], packs: [100, 200], price: [12.9, 24.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'make-up', medicine: false, reducedTax: false, colors: ['#cd6155', '#a569bd'],
    purpose: tr('für einen natürlichen, gepflegten Look', 'per un look naturale e curato', 'pour un look naturel et soigné'),
    kinds: [
      { key: 'foundation', name: tr('Make-up Fluid', 'Fondotinta fluido', 'Fond de teint fluide'), forms: ['lotion'], packs: [30], price: [19.9, 39.9], ages: ADULT },
      { key: 'lip-balm', name: tr('Lippenpflege', 'Balsamo labbra', 'Baume à lèvres'), ingredient: 'dexpanthenol', forms: ['ointment'], packs: [5, 10], price: [3.9, 9.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'anti-aging', medicine: false, reducedTax: false, colors: ['#884ea0', '#d4ac0d'],
    purpose: tr('gegen die Zeichen der Hautalterung', 'contro i segni dell’invecchiamento cutaneo', 'contre les signes de l’âge'),
    kinds: [
      { key: 'serum', name: tr('Anti-Falten Serum', 'Siero antirughe', 'Sérum anti-rides'), ingredient: 'hyaluronic', forms: ['gel', 'drops'], packs: [15, 30], price: [29.9, 79.9], ages: ADULT },
      { key: 'q10-cream', name: tr('Q10 Nachtcreme', 'Crema notte Q10', 'Crème de nuit Q10'), ingredient: 'q10', forms: ['cream'], packs: [50], price: [24.9, 54.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'nails', medicine: false, reducedTax: false, colors: ['#ec7063', '#5dade2'],
    purpose: tr('für kräftige, gesunde Nägel', 'per unghie forti e sane', 'pour des ongles forts et sains'),
    kinds: [
      { key: 'nail-care', name: tr('Nagelhärter', 'Indurente per unghie', 'Durcisseur d’ongles'), ingredient: 'keratin', forms: ['drops', 'gel'], packs: [10, 12], price: [9.9, 19.9], ages: ADULT },
      { key: 'nail-fungus', name: tr('Nagelpilz Lack', 'Smalto contro i funghi', 'Vernis mycose'), forms: ['drops'], packs: [3, 5], price: [24.9, 49.9], ages: ADULT },
    ],
  },
  {
    categoryKey: 'first-aid', medicine: false, reducedTax: false, colors: ['#cb4335', '#f0f3f4'],
    purpose: tr('für die schnelle Versorgung kleiner Verletzungen', 'per la cura rapida di piccole ferite', 'pour soigner rapidement les petites blessures'),
    kinds: [
      { key: 'plasters', name: tr('Pflaster Sortiment', 'Assortimento di cerotti', 'Assortiment de pansements'), forms: ['plasters'], packs: [20, 40, 60], price: [3.9, 11.9], ages: ALL_AGES },
      { key: 'blister', name: tr('Blasenpflaster', 'Cerotti per vesciche', 'Pansements ampoules'), forms: ['plasters'], packs: [5, 8, 10], price: [7.9, 14.9], ages: ADULT },
      { key: 'disinfectant', name: tr('Wunddesinfektion', 'Disinfettante per ferite', 'Désinfectant pour plaies'), forms: ['spray'], packs: [50, 100, 250], price: [6.9, 16.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'measuring', medicine: false, reducedTax: false, colors: ['#566573', '#2e86c1'],
    purpose: tr('zur zuverlässigen Kontrolle zu Hause', 'per un controllo affidabile a casa', 'pour un contrôle fiable à domicile'),
    kinds: [
      { key: 'blood-pressure', name: tr('Blutdruckmessgerät', 'Misuratore di pressione', 'Tensiomètre'), forms: ['device'], packs: [1], price: [49.9, 129.0], ages: ['adults', 'seniors'] },
      { key: 'thermometer', name: tr('Fieberthermometer digital', 'Termometro digitale', 'Thermomètre digital'), forms: ['device'], packs: [1], price: [9.9, 49.9], ages: ALL_AGES },
    ],
  },
  {
    categoryKey: 'incontinence', medicine: false, reducedTax: false, colors: ['#85c1e9', '#a9cce3'],
    purpose: tr('für Sicherheit und Diskretion im Alltag', 'per sicurezza e discrezione nella vita quotidiana', 'pour sécurité et discrétion au quotidien'),
    kinds: [
      { key: 'pads', name: tr('Inkontinenz-Einlagen', 'Assorbenti per incontinenza', 'Protections pour incontinence'), forms: ['pads'], packs: [10, 14, 28], price: [8.9, 24.9], ages: ['adults', 'seniors'], variants: { sizes: true } },
    ],
  },
  {
    categoryKey: 'self-tests', medicine: false, reducedTax: false, colors: ['#5b2c6f', '#1abc9c'],
    purpose: tr('für schnelle Gewissheit zu Hause', 'per una risposta rapida a casa', 'pour une réponse rapide à la maison'),
    kinds: [
      { key: 'pregnancy', name: tr('Schwangerschaftstest', 'Test di gravidanza', 'Test de grossesse'), forms: ['test'], packs: [1, 2], price: [9.9, 19.9], ages: ADULT },
      { key: 'covid', name: tr('Antigen-Schnelltest', 'Test antigenico rapido', 'Autotest antigénique'), forms: ['test'], packs: [1, 5], price: [4.9, 19.9], ages: ['adults', 'children-12'] },
    ],
  },
];

export const BRAND_NAMES = [
  'Alpinamed', 'Helvepharm', 'Vitasana', 'Bergkraft', 'Sanovia', 'Lacura', 'NaturaSwiss', 'Pharmalp', 'Medisol', 'Cerbaris',
  'Dolomed', 'Respira', 'Nasoclar', 'Allergo', 'Digestra', 'Somnia', 'Dermavit', 'Sunvita', 'Omegalp', 'Ferrovit',
  'Magnesan', 'Calcivit', 'Bébéo', 'Kinderwohl', 'Teegarten', 'Fitlinea', 'Glutenfrei+', 'Proteon', 'Enduro', 'Recova',
  'Belleza', 'Juvena Alpina', 'Onyx Care', 'Primacura', 'Mesura', 'Continia', 'Testa', 'Dentaclar', 'Capillis', 'Aquadouce',
  'Salvia Nova', 'Herbalis', 'Immunis', 'Vitanova', 'Bioswiss', 'Montana Vital', 'Lemanis', 'Ticinella', 'Grischun Care', 'Rhenus Pharma',
  'Jura Natur', 'Engadina', 'Pilatus Health', 'Säntis Med', 'Aarevita', 'Lugano Pharma', 'Genevia', 'Bernamed', 'Zürivit', 'Basilea Labs',
  'Cura Kids', 'Sportis', 'Sensicare', 'Puravida', 'Florasana', 'Medinatura',
] as const;

export const BRAND_COLORS = [
  '#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#2c3e50', '#b9770e', '#1f618d', '#a93226',
  '#117a65', '#6c3483', '#ca6f1e', '#1a5276', '#0e6655', '#922b21',
];
