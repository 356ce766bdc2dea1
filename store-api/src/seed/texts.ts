import type { LanguageKey } from '../known-ids';
import type { SeedRandom } from './random';

// Product texts for one language, assembled from the product's facts. The wording is written per
// language (not translated word by word), so each reads naturally in German, Italian and French.

/** A sentence ending in a value: one full stop, also after an abbreviation ("Inhalt: 1 Stk.", not "1 Stk.."). */
function sentenceEnd(value: string): string {
  return value.endsWith('.') ? value : `${value}.`;
}

export interface ProductFacts {
  name: string;
  /** Brand and kind without strength and pack, for running text. */
  shortName: string;
  brand: string;
  kind: string;
  form: string;
  ingredient: string | null;
  strength: string | null;
  purpose: string;
  packing: string;
  ageGroup: string;
  category: string;
  medicine: boolean;
  prescription: boolean;
  digital: boolean;
  features: string[];
  pharmacode: string;
  ean: string;
  weightKg: number;
}

export interface ProductTexts {
  description: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  customFields: Record<string, unknown>;
}

interface Wording {
  description: (f: ProductFacts) => string;
  metaDescription: (f: ProductFacts) => string;
  usage: (f: ProductFacts) => string;
  ingredients: (f: ProductFacts) => string;
  howTo: (f: ProductFacts) => string;
  review: (f: ProductFacts) => string;
  faq: (f: ProductFacts) => { question: string; answer: string }[];
  data: (f: ProductFacts) => { label: string; value: string }[];
  otherInfo: (f: ProductFacts) => string;
  yesNo: (value: boolean) => string;
}

const WORDING: Record<LanguageKey, Wording> = {
  de: {
    description: (f) =>
      `<p><strong>${f.name}</strong> von ${f.brand} – ${f.kind} als ${f.form} ${f.purpose}.</p>` +
      `<p>${f.ingredient ? `Mit dem Wirkstoff ${f.ingredient}${f.strength ? ` (${f.strength})` : ''}. ` : ''}Geeignet für: ${f.ageGroup}. Inhalt: ${sentenceEnd(f.packing)}</p>` +
      (f.features.length ? `<ul>${f.features.map((x) => `<li>${x}</li>`).join('')}</ul>` : ''),
    metaDescription: (f) => `${f.name} ${f.purpose}. Jetzt in Ihrer Online-Apotheke bestellen – Beratung inklusive.`,
    usage: (f) => `<p>${f.kind} ${f.purpose}.${f.medicine ? ' Dies ist ein Arzneimittel. Lesen Sie die Packungsbeilage.' : ''}</p>`,
    ingredients: (f) =>
      `<p>${f.ingredient ? `Wirkstoff: ${f.ingredient}${f.strength ? ` ${f.strength}` : ''}. ` : ''}Hilfsstoffe gemäss Packungsangabe.${f.features.length ? ` ${f.features.join(', ')}.` : ''}</p>`,
    howTo: (f) =>
      f.digital
        ? '<p>Nach dem Kauf steht der Plan in Ihrem Kundenkonto als PDF zum Download bereit.</p>'
        : `<p>${f.ageGroup}: ${f.medicine ? 'gemäss Packungsbeilage oder nach Anweisung Ihrer Fachperson anwenden' : 'wie auf der Packung beschrieben anwenden'}. Nicht über 25 °C und ausser Reichweite von Kindern aufbewahren.</p>`,
    review: (f) =>
      `<p>«${f.shortName} ist eine bewährte Wahl ${f.purpose}. Achten Sie auf die empfohlene Dosierung und fragen Sie bei Unsicherheit in unserer Apotheke nach.»</p><p>– Ihr Apothekenteam</p>`,
    faq: (f) => [
      { question: `Für wen ist ${f.shortName} geeignet?`, answer: `${f.shortName} eignet sich für ${f.ageGroup}.` },
      { question: 'Wie lange dauert die Lieferung?', answer: f.digital ? 'Der Download steht sofort nach der Zahlung bereit.' : 'Bestellungen bis 16 Uhr verlassen unser Lager am selben Tag.' },
      { question: 'Brauche ich ein Rezept?', answer: f.prescription ? 'Ja, dieses Arzneimittel ist rezeptpflichtig.' : 'Nein, das Produkt ist rezeptfrei erhältlich.' },
    ],
    data: (f) => [
      { label: 'Marke', value: f.brand },
      { label: 'Darreichungsform', value: f.form },
      { label: 'Packungsgrösse', value: f.packing },
      { label: 'Pharmacode', value: f.pharmacode },
      { label: 'EAN', value: f.ean },
      { label: 'Gewicht', value: `${f.weightKg.toFixed(3)} kg` },
    ],
    otherInfo: (f) =>
      `<p>${f.medicine ? 'Arzneimittel: Lesen Sie die Packungsbeilage und fragen Sie Ihre Ärztin, Ihren Arzt oder Ihre Apotheke.' : 'Nahrungsergänzungsmittel und Pflegeprodukte ersetzen keine ausgewogene Ernährung.'}</p>`,
    yesNo: (value) => (value ? 'Ja' : 'Nein'),
  },
  it: {
    description: (f) =>
      `<p><strong>${f.name}</strong> di ${f.brand} – ${f.kind} in forma di ${f.form.toLowerCase()} ${f.purpose}.</p>` +
      `<p>${f.ingredient ? `Con il principio attivo ${f.ingredient}${f.strength ? ` (${f.strength})` : ''}. ` : ''}Adatto a: ${f.ageGroup}. Contenuto: ${sentenceEnd(f.packing)}</p>` +
      (f.features.length ? `<ul>${f.features.map((x) => `<li>${x}</li>`).join('')}</ul>` : ''),
    metaDescription: (f) => `${f.name} ${f.purpose}. Ordinate ora nella vostra farmacia online, consulenza inclusa.`,
    usage: (f) => `<p>${f.kind} ${f.purpose}.${f.medicine ? ' Questo è un medicamento. Leggere il foglietto illustrativo.' : ''}</p>`,
    ingredients: (f) =>
      `<p>${f.ingredient ? `Principio attivo: ${f.ingredient}${f.strength ? ` ${f.strength}` : ''}. ` : ''}Eccipienti secondo la confezione.${f.features.length ? ` ${f.features.join(', ')}.` : ''}</p>`,
    howTo: (f) =>
      f.digital
        ? '<p>Dopo l’acquisto il piano è disponibile in PDF nel vostro conto cliente.</p>'
        : `<p>${f.ageGroup}: ${f.medicine ? 'usare secondo il foglietto illustrativo o le indicazioni dello specialista' : 'usare come indicato sulla confezione'}. Conservare sotto i 25 °C e fuori dalla portata dei bambini.</p>`,
    review: (f) =>
      `<p>«${f.shortName} è una scelta collaudata ${f.purpose}. Rispettate il dosaggio consigliato e, in caso di dubbi, chiedete nella nostra farmacia.»</p><p>– Il vostro team della farmacia</p>`,
    faq: (f) => [
      { question: `Per chi è adatto ${f.shortName}?`, answer: `${f.shortName} è adatto a: ${f.ageGroup}.` },
      { question: 'Quanto dura la consegna?', answer: f.digital ? 'Il download è disponibile subito dopo il pagamento.' : 'Gli ordini effettuati entro le 16 lasciano il magazzino lo stesso giorno.' },
      { question: 'Serve una ricetta?', answer: f.prescription ? 'Sì, questo medicamento è soggetto a prescrizione.' : 'No, il prodotto è disponibile senza ricetta.' },
    ],
    data: (f) => [
      { label: 'Marca', value: f.brand },
      { label: 'Forma farmaceutica', value: f.form },
      { label: 'Confezione', value: f.packing },
      { label: 'Pharmacode', value: f.pharmacode },
      { label: 'EAN', value: f.ean },
      { label: 'Peso', value: `${f.weightKg.toFixed(3)} kg` },
    ],
    otherInfo: (f) =>
      `<p>${f.medicine ? 'Medicamento: leggere il foglietto illustrativo e chiedere al medico o in farmacia.' : 'Gli integratori e i prodotti di cura non sostituiscono un’alimentazione equilibrata.'}</p>`,
    yesNo: (value) => (value ? 'Sì' : 'No'),
  },
  fr: {
    description: (f) =>
      `<p><strong>${f.name}</strong> de ${f.brand} – ${f.kind} sous forme de ${f.form.toLowerCase()} ${f.purpose}.</p>` +
      `<p>${f.ingredient ? `Avec le principe actif ${f.ingredient}${f.strength ? ` (${f.strength})` : ''}. ` : ''}Convient pour : ${f.ageGroup}. Contenu : ${sentenceEnd(f.packing)}</p>` +
      (f.features.length ? `<ul>${f.features.map((x) => `<li>${x}</li>`).join('')}</ul>` : ''),
    metaDescription: (f) => `${f.name} ${f.purpose}. Commandez maintenant dans votre pharmacie en ligne, conseils compris.`,
    usage: (f) => `<p>${f.kind} ${f.purpose}.${f.medicine ? ' Ceci est un médicament. Lisez la notice d’emballage.' : ''}</p>`,
    ingredients: (f) =>
      `<p>${f.ingredient ? `Principe actif : ${f.ingredient}${f.strength ? ` ${f.strength}` : ''}. ` : ''}Excipients selon l’emballage.${f.features.length ? ` ${f.features.join(', ')}.` : ''}</p>`,
    howTo: (f) =>
      f.digital
        ? '<p>Après l’achat, le plan est disponible en PDF dans votre compte client.</p>'
        : `<p>${f.ageGroup} : ${f.medicine ? 'utiliser selon la notice ou les indications de votre spécialiste' : 'utiliser comme indiqué sur l’emballage'}. Conserver en dessous de 25 °C et hors de portée des enfants.</p>`,
    review: (f) =>
      `<p>« ${f.shortName} est un choix éprouvé ${f.purpose}. Respectez la posologie recommandée et, en cas de doute, demandez conseil dans notre pharmacie. »</p><p>– Votre équipe de pharmacie</p>`,
    faq: (f) => [
      { question: `À qui convient ${f.shortName} ?`, answer: `${f.shortName} convient pour : ${f.ageGroup}.` },
      { question: 'Quel est le délai de livraison ?', answer: f.digital ? 'Le téléchargement est disponible dès le paiement.' : 'Les commandes passées avant 16 h quittent notre entrepôt le jour même.' },
      { question: 'Faut-il une ordonnance ?', answer: f.prescription ? 'Oui, ce médicament est soumis à ordonnance.' : 'Non, le produit est disponible sans ordonnance.' },
    ],
    data: (f) => [
      { label: 'Marque', value: f.brand },
      { label: 'Forme galénique', value: f.form },
      { label: 'Emballage', value: f.packing },
      { label: 'Pharmacode', value: f.pharmacode },
      { label: 'EAN', value: f.ean },
      { label: 'Poids', value: `${f.weightKg.toFixed(3)} kg` },
    ],
    otherInfo: (f) =>
      `<p>${f.medicine ? 'Médicament : lisez la notice et demandez conseil à votre médecin ou pharmacien.' : 'Les compléments alimentaires et produits de soin ne remplacent pas une alimentation équilibrée.'}</p>`,
    yesNo: (value) => (value ? 'Oui' : 'Non'),
  },
};

export function productTexts(language: LanguageKey, facts: ProductFacts, thumbnailPath: string | null): ProductTexts {
  const w = WORDING[language];
  return {
    description: w.description(facts),
    metaTitle: `${facts.name} | ${facts.brand}`,
    metaDescription: w.metaDescription(facts),
    keywords: [facts.brand, facts.kind, facts.form, facts.ingredient, facts.category].filter(Boolean).join(', '),
    customFields: {
      pharmacy_usage: w.usage(facts),
      pharmacy_ingredients: w.ingredients(facts),
      pharmacy_how_to_use: w.howTo(facts),
      pharmacy_expert_review: w.review(facts),
      pharmacy_faq: w.faq(facts),
      pharmacy_product_data: w.data(facts),
      pharmacy_packing: facts.packing,
      pharmacy_other_info: w.otherInfo(facts),
      // Shopware custom fields hold this as a JSON string, and the storefront parses it.
      product_additional_data: JSON.stringify(thumbnailPath ? { thumbnail: thumbnailPath } : {}),
    },
  };
}

const REVIEW_TEXTS: Record<LanguageKey, { titles: string[][]; bodies: string[][]; names: string[] }> = {
  de: {
    titles: [['Enttäuschend'], ['Nicht überzeugt'], ['In Ordnung', 'Geht so'], ['Gutes Produkt', 'Empfehlenswert', 'Hilft gut'], ['Super!', 'Sehr zufrieden', 'Top Qualität']],
    bodies: [
      ['Hat bei mir leider nicht gewirkt.'],
      ['Die Wirkung war schwächer als erwartet.'],
      ['Macht, was es soll. Preis ist in Ordnung.', 'Solide, aber nichts Besonderes.'],
      ['Wirkt zuverlässig, schnelle Lieferung.', 'Gute Verträglichkeit, kaufe ich wieder.'],
      ['Hilft mir sehr gut, und die Lieferung kam schon am nächsten Tag.', 'Ausgezeichnet, klare Empfehlung!'],
    ],
    names: ['Anna M.', 'Peter K.', 'Sandra B.', 'Thomas W.', 'Monika S.', 'Urs F.', 'Regula H.', 'Daniel Z.'],
  },
  it: {
    titles: [['Deludente'], ['Non convinto'], ['Nella media', 'Così così'], ['Buon prodotto', 'Consigliato', 'Aiuta bene'], ['Ottimo!', 'Molto soddisfatta', 'Qualità top']],
    bodies: [
      ['Purtroppo su di me non ha funzionato.'],
      ['L’effetto è stato più debole del previsto.'],
      ['Fa quello che promette. Prezzo corretto.', 'Buono, ma niente di speciale.'],
      ['Efficace e consegna rapida.', 'Ben tollerato, lo ricomprerò.'],
      ['Mi aiuta molto e la consegna è arrivata il giorno dopo.', 'Eccellente, lo consiglio!'],
    ],
    names: ['Giulia R.', 'Marco B.', 'Chiara F.', 'Luca P.', 'Sara C.', 'Paolo G.'],
  },
  fr: {
    titles: [['Décevant'], ['Pas convaincu'], ['Correct', 'Moyen'], ['Bon produit', 'Je recommande', 'Efficace'], ['Super !', 'Très satisfaite', 'Qualité top']],
    bodies: [
      ['Malheureusement, cela n’a pas fonctionné pour moi.'],
      ['L’effet était plus faible que prévu.'],
      ['Fait ce qu’il promet. Prix correct.', 'Correct, sans plus.'],
      ['Efficace et livraison rapide.', 'Bien toléré, je rachèterai.'],
      ['M’aide beaucoup et la livraison est arrivée le lendemain.', 'Excellent, je recommande !'],
    ],
    names: ['Claire D.', 'Julien M.', 'Sophie L.', 'Nicolas R.', 'Camille V.', 'Laurent P.'],
  },
};

export function reviewText(language: LanguageKey, points: number, random: SeedRandom): { title: string; content: string; name: string } {
  const texts = REVIEW_TEXTS[language];
  const band = Math.min(4, Math.max(0, Math.round(points) - 1));
  return {
    title: random.pick(texts.titles[band]!),
    content: random.pick(texts.bodies[band]!),
    name: random.pick(texts.names),
  };
}
