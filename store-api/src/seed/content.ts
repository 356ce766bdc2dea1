import { stableId } from '../ids';
import type { LanguageKey } from '../known-ids';
import type { SeededProduct } from './catalogue';
import type { MediaLibrary } from './media-images';
import type { SeedRandom } from './random';
import { ARTICLE_BODIES, RECOMMENDED_KINDS } from './article-bodies';
import { seedDate } from './reference-data';
import { slugify, UniqueSlugs } from './slugs';
import { tr, type TableWriter, type Tr } from './table-writer';

// The shop's own content: promotion codes and the health magazine (magazine and editorial
// articles, topic pages with FAQ). Data only; the pages come with later issues.

interface PromotionPlan {
  code: string;
  type: 'percentage' | 'absolute' | 'free_shipping';
  value: number;
  minOrder: number | null;
  active: boolean;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  name: Tr;
}

const PROMOTIONS: PromotionPlan[] = [
  { code: 'GESUND10', type: 'percentage', value: 10, minOrder: null, active: true, validFrom: '2025-01-01T00:00:00.000Z', validUntil: null, maxUses: null, name: tr('10 % auf Ihren Einkauf', '10 % sul vostro acquisto', '10 % sur votre achat') },
  { code: 'WILLKOMMEN5', type: 'absolute', value: 5, minOrder: 30, active: true, validFrom: null, validUntil: null, maxUses: null, name: tr('CHF 5 Willkommensrabatt', 'Sconto di benvenuto di CHF 5', 'Rabais de bienvenue de CHF 5') },
  { code: 'GRATISVERSAND', type: 'free_shipping', value: 0, minOrder: null, active: true, validFrom: null, validUntil: null, maxUses: null, name: tr('Gratisversand', 'Spedizione gratuita', 'Livraison gratuite') },
  { code: 'VERSICHERT20', type: 'absolute', value: 20, minOrder: 50, active: true, validFrom: null, validUntil: null, maxUses: 1, name: tr('CHF 20 Gutschein für Versicherte', 'Buono di CHF 20 per assicurati', 'Bon de CHF 20 pour assurés') },
  { code: 'SOMMER15', type: 'percentage', value: 15, minOrder: null, active: true, validFrom: '2025-06-01T00:00:00.000Z', validUntil: '2025-08-31T23:59:59.000Z', maxUses: null, name: tr('Sommeraktion 15 %', 'Promozione estiva 15 %', 'Action d’été 15 %') },
  { code: 'WINTER20', type: 'percentage', value: 20, minOrder: 80, active: false, validFrom: null, validUntil: null, maxUses: null, name: tr('Winteraktion 20 %', 'Promozione invernale 20 %', 'Action d’hiver 20 %') },
];

interface ArticlePlan {
  key: string;
  type: 'magazine' | 'editorial' | 'topic';
  title: Tr;
  category: Tr;
  keywords: Tr;
  teaser: Tr;
  slug?: string;
}

const MAGAZINE: ArticlePlan[] = [
  { key: 'cold-tips', type: 'magazine', title: tr('10 Tipps gegen Erkältung', '10 consigli contro il raffreddore', '10 conseils contre le rhume'), category: tr('Erkältung', 'Raffreddore', 'Rhume'), keywords: tr('Erkältung, Schnupfen, Husten', 'raffreddore, naso chiuso, tosse', 'rhume, nez bouché, toux'), teaser: tr('So kommen Sie gesund durch die kalte Jahreszeit.', 'Come superare in salute la stagione fredda.', 'Comment traverser la saison froide en bonne santé.') },
  { key: 'vitamin-d-winter', type: 'magazine', title: tr('Vitamin D im Winter', 'La vitamina D in inverno', 'La vitamine D en hiver'), category: tr('Vitamine', 'Vitamine', 'Vitamines'), keywords: tr('Vitamin D, Sonne, Knochen', 'vitamina D, sole, ossa', 'vitamine D, soleil, os'), teaser: tr('Warum viele Menschen in der Schweiz zu wenig Vitamin D haben.', 'Perché molte persone in Svizzera hanno poca vitamina D.', 'Pourquoi beaucoup de personnes en Suisse manquent de vitamine D.') },
  { key: 'hay-fever', type: 'magazine', title: tr('Heuschnupfen richtig behandeln', 'Trattare bene il raffreddore da fieno', 'Bien traiter le rhume des foins'), category: tr('Allergie', 'Allergia', 'Allergie'), keywords: tr('Pollen, Allergie, Heuschnupfen', 'pollini, allergia, raffreddore da fieno', 'pollen, allergie, rhume des foins'), teaser: tr('Was bei Pollenallergie wirklich hilft.', 'Cosa aiuta davvero in caso di allergia ai pollini.', 'Ce qui aide vraiment en cas d’allergie au pollen.') },
  { key: 'sleep-better', type: 'magazine', title: tr('Besser schlafen', 'Dormire meglio', 'Mieux dormir'), category: tr('Schlaf', 'Sonno', 'Sommeil'), keywords: tr('Schlaf, Baldrian, Entspannung', 'sonno, valeriana, rilassamento', 'sommeil, valériane, détente'), teaser: tr('Natürliche Wege zu erholsamem Schlaf.', 'Vie naturali per un sonno ristoratore.', 'Des moyens naturels pour un sommeil réparateur.') },
  { key: 'sun-protection', type: 'magazine', title: tr('Sonnenschutz für die ganze Familie', 'Protezione solare per tutta la famiglia', 'Protection solaire pour toute la famille'), category: tr('Sommer', 'Estate', 'Été'), keywords: tr('Sonnencreme, LSF, UV', 'crema solare, FPS, UV', 'crème solaire, FPS, UV'), teaser: tr('Welcher Lichtschutzfaktor ist der richtige?', 'Quale fattore di protezione è quello giusto?', 'Quel facteur de protection choisir ?') },
  { key: 'magnesium-cramps', type: 'magazine', title: tr('Magnesium gegen Wadenkrämpfe', 'Magnesio contro i crampi ai polpacci', 'Le magnésium contre les crampes'), category: tr('Vitamine', 'Vitamine', 'Vitamines'), keywords: tr('Magnesium, Krämpfe, Sport', 'magnesio, crampi, sport', 'magnésium, crampes, sport'), teaser: tr('Wann Magnesium hilft und wie viel Sie brauchen.', 'Quando il magnesio aiuta e quanto ne serve.', 'Quand le magnésium aide et combien il en faut.') },
  { key: 'travel-pharmacy', type: 'magazine', title: tr('Die perfekte Reiseapotheke', 'La farmacia da viaggio perfetta', 'La pharmacie de voyage idéale'), category: tr('Reisen', 'Viaggi', 'Voyage'), keywords: tr('Reise, Reiseapotheke, Ferien', 'viaggio, farmacia da viaggio, vacanze', 'voyage, pharmacie de voyage, vacances'), teaser: tr('Was in keinem Koffer fehlen sollte.', 'Cosa non dovrebbe mancare in valigia.', 'Ce qui ne doit manquer dans aucune valise.') },
  { key: 'baby-first-aid', type: 'magazine', title: tr('Erste Hilfe beim Baby', 'Primo soccorso per il neonato', 'Premiers secours pour bébé'), category: tr('Familie', 'Famiglia', 'Famille'), keywords: tr('Baby, Fieber, Erste Hilfe', 'neonato, febbre, primo soccorso', 'bébé, fièvre, premiers secours'), teaser: tr('Fieber, Zahnen, Schürfwunden: so reagieren Sie richtig.', 'Febbre, dentizione, escoriazioni: come reagire.', 'Fièvre, poussées dentaires, écorchures : les bons réflexes.') },
  { key: 'gut-health', type: 'magazine', title: tr('Ein gesunder Darm', 'Un intestino sano', 'Un intestin en bonne santé'), category: tr('Verdauung', 'Digestione', 'Digestion'), keywords: tr('Darm, Probiotika, Verdauung', 'intestino, probiotici, digestione', 'intestin, probiotiques, digestion'), teaser: tr('Wie die Darmflora unser Wohlbefinden beeinflusst.', 'Come la flora intestinale influenza il benessere.', 'Comment la flore intestinale influence notre bien-être.') },
  { key: 'protein-sport', type: 'magazine', title: tr('Protein im Sport', 'Le proteine nello sport', 'Les protéines dans le sport'), category: tr('Sport', 'Sport', 'Sport'), keywords: tr('Protein, Muskeln, Training', 'proteine, muscoli, allenamento', 'protéines, muscles, entraînement'), teaser: tr('Wie viel Eiweiss brauchen Sportlerinnen und Sportler?', 'Di quante proteine hanno bisogno gli sportivi?', 'De combien de protéines les sportifs ont-ils besoin ?') },
  { key: 'blood-pressure', type: 'magazine', title: tr('Blutdruck selbst messen', 'Misurare da sé la pressione', 'Mesurer soi-même sa tension'), category: tr('Gesundheit', 'Salute', 'Santé'), keywords: tr('Blutdruck, Messgerät, Herz', 'pressione, misuratore, cuore', 'tension, tensiomètre, cœur'), teaser: tr('So messen Sie zu Hause richtig.', 'Come misurare correttamente a casa.', 'Comment bien mesurer à la maison.') },
  { key: 'skin-winter', type: 'magazine', title: tr('Hautpflege im Winter', 'La cura della pelle in inverno', 'Soins de la peau en hiver'), category: tr('Pflege', 'Cura', 'Soins'), keywords: tr('Haut, Winter, Creme', 'pelle, inverno, crema', 'peau, hiver, crème'), teaser: tr('Was trockene Haut jetzt braucht.', 'Di cosa ha bisogno ora la pelle secca.', 'Ce dont la peau sèche a besoin maintenant.') },
];

const EDITORIAL: ArticlePlan[] = [
  { key: 'pharmacist-interview', type: 'editorial', title: tr('Fünf Fragen an unsere Apothekerin', 'Cinque domande alla nostra farmacista', 'Cinq questions à notre pharmacienne'), category: tr('Interview', 'Intervista', 'Interview'), keywords: tr('Apotheke, Beratung', 'farmacia, consulenza', 'pharmacie, conseil'), teaser: tr('Wie eine gute Beratung in der Apotheke aussieht.', 'Com’è una buona consulenza in farmacia.', 'À quoi ressemble un bon conseil en pharmacie.') },
  { key: 'immune-system', type: 'editorial', title: tr('Das Immunsystem stärken', 'Rafforzare il sistema immunitario', 'Renforcer le système immunitaire'), category: tr('Prävention', 'Prevenzione', 'Prévention'), keywords: tr('Immunsystem, Vitamin C, Zink', 'sistema immunitario, vitamina C, zinco', 'système immunitaire, vitamine C, zinc'), teaser: tr('Was wirklich hilft – und was ein Mythos ist.', 'Cosa aiuta davvero e cosa è un mito.', 'Ce qui aide vraiment et ce qui relève du mythe.') },
  { key: 'generics', type: 'editorial', title: tr('Generika: gleich wirksam, günstiger', 'Generici: stessa efficacia, meno costosi', 'Génériques : aussi efficaces, moins chers'), category: tr('Wissen', 'Sapere', 'Savoir'), keywords: tr('Generika, Kosten, Krankenkasse', 'generici, costi, cassa malati', 'génériques, coûts, caisse maladie'), teaser: tr('Warum sich der Wechsel auf Generika lohnt.', 'Perché conviene passare ai generici.', 'Pourquoi passer aux génériques vaut la peine.') },
];

const TOPICS: ArticlePlan[] = [
  { key: 'bestseller', slug: 'bestseller', type: 'topic', title: tr('Bestseller', 'I più venduti', 'Meilleures ventes'), category: tr('Themen', 'Temi', 'Thèmes'), keywords: tr('Bestseller, beliebt', 'più venduti, popolari', 'meilleures ventes, populaires'), teaser: tr('Die beliebtesten Produkte unserer Kundinnen und Kunden.', 'I prodotti preferiti dai nostri clienti.', 'Les produits préférés de nos clientes et clients.') },
  { key: 'cold-flu', type: 'topic', title: tr('Erkältung & Grippe', 'Raffreddore e influenza', 'Rhume et grippe'), category: tr('Themen', 'Temi', 'Thèmes'), keywords: tr('Erkältung, Grippe', 'raffreddore, influenza', 'rhume, grippe'), teaser: tr('Alles rund um Erkältung und Grippe.', 'Tutto su raffreddore e influenza.', 'Tout sur le rhume et la grippe.') },
  { key: 'pregnancy', type: 'topic', title: tr('Schwangerschaft', 'Gravidanza', 'Grossesse'), category: tr('Themen', 'Temi', 'Thèmes'), keywords: tr('Schwangerschaft, Folsäure', 'gravidanza, acido folico', 'grossesse, acide folique'), teaser: tr('Gut begleitet durch die Schwangerschaft.', 'Ben accompagnate durante la gravidanza.', 'Bien accompagnée pendant la grossesse.') },
];

const FAQ: Record<LanguageKey, (title: string) => { question: string; answer: string }[]> = {
  de: (title) => [
    { question: `Wo finde ich Produkte zum Thema ${title}?`, answer: 'In unserem Sortiment und in jeder unserer Apotheken.' },
    { question: 'Kann ich mich persönlich beraten lassen?', answer: 'Ja, in allen Apotheken und telefonisch von Montag bis Samstag.' },
  ],
  it: (title) => [
    { question: `Dove trovo prodotti sul tema ${title}?`, answer: 'Nel nostro assortimento e in ognuna delle nostre farmacie.' },
    { question: 'Posso ricevere una consulenza personale?', answer: 'Sì, in tutte le farmacie e al telefono dal lunedì al sabato.' },
  ],
  fr: (title) => [
    { question: `Où trouver des produits sur le thème ${title} ?`, answer: 'Dans notre assortiment et dans chacune de nos pharmacies.' },
    { question: 'Puis-je obtenir un conseil personnalisé ?', answer: 'Oui, dans toutes nos pharmacies et par téléphone du lundi au samedi.' },
  ],
};

const POLL: Record<LanguageKey, { question: string; options: string[] }> = {
  de: { question: 'Wie informieren Sie sich über Gesundheitsthemen?', options: ['In der Apotheke', 'Online', 'Bei meiner Ärztin / meinem Arzt'] },
  it: { question: 'Come vi informate sui temi di salute?', options: ['In farmacia', 'Online', 'Dal mio medico'] },
  fr: { question: 'Comment vous informez-vous sur la santé ?', options: ['En pharmacie', 'En ligne', 'Chez mon médecin'] },
};

const QUOTE: Record<LanguageKey, string> = {
  de: '«Die beste Medizin ist die, die man richtig anwendet.»',
  it: '«La migliore medicina è quella che si usa correttamente.»',
  fr: '« Le meilleur médicament est celui que l’on utilise correctement. »',
};

const FACT: Record<LanguageKey, string> = {
  de: 'Rund 95 % unserer Bestellungen kommen am nächsten Werktag an.',
  it: 'Circa il 95 % dei nostri ordini arriva il giorno lavorativo successivo.',
  fr: 'Environ 95 % de nos commandes arrivent le jour ouvrable suivant.',
};

export function seedEditorialContent(w: TableWriter, random: SeedRandom, media: MediaLibrary, products: SeededProduct[]): void {
  for (const promotion of PROMOTIONS) {
    const id = stableId('promotion', promotion.code);
    w.insert('promotion', {
      id, code: promotion.code, active: promotion.active, discount_type: promotion.type, value: promotion.value,
      min_order_value: promotion.minOrder, valid_from: promotion.validFrom, valid_until: promotion.validUntil,
      max_uses: promotion.maxUses, uses: 0,
    });
    w.translations('promotion_translation', { promotion_id: id }, (l) => ({ name: promotion.name[l] }));
  }

  const bySales = [...products].sort((a, b) => b.sales - a.sales || a.productNumber.localeCompare(b.productNumber));
  const slugs: Record<LanguageKey, UniqueSlugs> = { de: new UniqueSlugs(), it: new UniqueSlugs(), fr: new UniqueSlugs() };
  [...MAGAZINE, ...EDITORIAL, ...TOPICS].forEach((plan, index) => {
    const id = stableId('article', plan.key);
    const image = media.add({
      key: `article:${plan.key}`, kind: 'banner', fileName: plan.title.de,
      color: random.pick(['#1e8449', '#2471a3', '#b9770e', '#884ea0', '#c0392b']), alt: plan.title, title: plan.title,
    });
    const recommended = plan.key === 'bestseller' ? bySales.slice(0, 12) : recommendationsOf(plan.key, bySales);
    w.insert('article', {
      id, type: plan.type, media_id: image.id, published_at: seedDate(10 + index * 17),
      product_ids: recommended.map((p) => p.id),
    });
    const editorial = plan.type === 'editorial';
    w.translations('article_translation', { article_id: id }, (l) => ({
      slug: slugs[l].claim(plan.slug ?? slugify(plan.title[l])),
      title: plan.title[l],
      teaser: plan.teaser[l],
      body: bodyOf(plan.key)[l],
      category: plan.category[l],
      keywords: plan.keywords[l],
      meta_title: plan.title[l],
      meta_description: plan.teaser[l],
      faq: plan.type === 'magazine' ? [] : FAQ[l](plan.title[l]),
      poll: editorial
        ? { question: POLL[l].question, options: POLL[l].options.map((label, i) => ({ id: stableId('poll', plan.key, i), label })) }
        : null,
      quote: editorial ? QUOTE[l] : null,
      fact: editorial ? FACT[l] : null,
    }));
  });
}

function bodyOf(key: string): Tr {
  const body = ARTICLE_BODIES[key];
  if (!body) throw new Error(`article ${key} has no body`);
  return body;
}

/** Up to four best sellers of the kinds the article is about, one per kind first (no prescription medicines). */
function recommendationsOf(key: string, bySales: SeededProduct[]): SeededProduct[] {
  const kinds = RECOMMENDED_KINDS[key] ?? [];
  const candidates = bySales.filter((p) => kinds.includes(p.kindKey) && !p.prescription);
  const firstOfKind = kinds.map((kind) => candidates.find((p) => p.kindKey === kind)).filter((p): p is SeededProduct => p !== undefined);
  return [...new Set([...firstOfKind, ...candidates])].slice(0, 4);
}
