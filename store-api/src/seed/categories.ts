import { stableId } from '../ids';
import { FOOTER_CATEGORY_ID, ROOT_CATEGORY_ID, SERVICE_CATEGORY_ID } from '../known-ids';
import { seedDate } from './reference-data';
import { tr, type TableWriter, type Tr } from './table-writer';

// The shop's category tree: eight departments, their sub-categories and a third level under
// "Erkältung & Grippe". Products hang on the leaves; listings of a parent show its whole subtree.

interface CategoryNode {
  key: string;
  name: Tr;
  children?: CategoryNode[];
}

const TREE: CategoryNode[] = [
  {
    key: 'medicines', name: tr('Arzneimittel', 'Medicamenti', 'Pharmacie'), children: [
      { key: 'pain-fever', name: tr('Schmerzen & Fieber', 'Dolori e febbre', 'Douleurs et fièvre') },
      {
        key: 'cold-flu', name: tr('Erkältung & Grippe', 'Raffreddore e influenza', 'Rhume et grippe'), children: [
          { key: 'sore-throat', name: tr('Halsschmerzen', 'Mal di gola', 'Maux de gorge') },
          { key: 'cough', name: tr('Husten', 'Tosse', 'Toux') },
          { key: 'blocked-nose', name: tr('Schnupfen', 'Naso chiuso', 'Nez bouché') },
        ],
      },
      { key: 'allergy', name: tr('Allergie', 'Allergia', 'Allergie') },
      { key: 'digestion', name: tr('Magen & Darm', 'Stomaco e intestino', 'Estomac et intestins') },
      { key: 'sleep-nerves', name: tr('Schlaf & Nerven', 'Sonno e nervi', 'Sommeil et nerfs') },
      { key: 'skin-wounds', name: tr('Haut & Wunden', 'Pelle e ferite', 'Peau et plaies') },
    ],
  },
  {
    key: 'vitamins', name: tr('Vitamine & Mineralstoffe', 'Vitamine e minerali', 'Vitamines et minéraux'), children: [
      { key: 'vitamin-d', name: tr('Vitamin D', 'Vitamina D', 'Vitamine D') },
      { key: 'vitamin-c', name: tr('Vitamin C', 'Vitamina C', 'Vitamine C') },
      { key: 'magnesium', name: tr('Magnesium', 'Magnesio', 'Magnésium') },
      { key: 'multivitamins', name: tr('Multivitamine', 'Multivitaminici', 'Multivitamines') },
      { key: 'iron-zinc', name: tr('Eisen & Zink', 'Ferro e zinco', 'Fer et zinc') },
      { key: 'omega-3', name: tr('Omega-3', 'Omega-3', 'Oméga-3') },
    ],
  },
  {
    key: 'body-care', name: tr('Körperpflege', 'Cura del corpo', 'Soins du corps'), children: [
      { key: 'face-care', name: tr('Gesichtspflege', 'Cura del viso', 'Soins du visage') },
      { key: 'shower-bath', name: tr('Duschen & Baden', 'Doccia e bagno', 'Douche et bain') },
      { key: 'oral-care', name: tr('Mund & Zähne', 'Bocca e denti', 'Bouche et dents') },
      { key: 'hair-care', name: tr('Haarpflege', 'Cura dei capelli', 'Soins capillaires') },
      { key: 'sun-care', name: tr('Sonnenschutz', 'Protezione solare', 'Protection solaire') },
    ],
  },
  {
    key: 'baby-child', name: tr('Baby & Kind', 'Neonati e bambini', 'Bébé et enfant'), children: [
      { key: 'baby-care', name: tr('Babypflege', 'Cura del neonato', 'Soins bébé') },
      { key: 'baby-food', name: tr('Babynahrung', 'Alimenti per neonati', 'Alimentation bébé') },
      { key: 'child-health', name: tr('Kindergesundheit', 'Salute dei bambini', 'Santé des enfants') },
    ],
  },
  {
    key: 'nutrition', name: tr('Ernährung', 'Alimentazione', 'Nutrition'), children: [
      { key: 'tea', name: tr('Tee', 'Tè', 'Thé') },
      { key: 'diet', name: tr('Diät & Abnehmen', 'Dieta e dimagrimento', 'Régime et minceur') },
      { key: 'gluten-free', name: tr('Glutenfrei', 'Senza glutine', 'Sans gluten') },
    ],
  },
  {
    key: 'sport', name: tr('Sport', 'Sport', 'Sport'), children: [
      { key: 'protein', name: tr('Proteine', 'Proteine', 'Protéines') },
      { key: 'energy', name: tr('Energie & Ausdauer', 'Energia e resistenza', 'Énergie et endurance') },
      { key: 'recovery', name: tr('Regeneration', 'Rigenerazione', 'Récupération') },
    ],
  },
  {
    key: 'beauty', name: tr('Schönheit', 'Bellezza', 'Beauté'), children: [
      { key: 'make-up', name: tr('Make-up', 'Trucco', 'Maquillage') },
      { key: 'anti-aging', name: tr('Anti-Aging', 'Anti-età', 'Anti-âge') },
      { key: 'nails', name: tr('Nägel', 'Unghie', 'Ongles') },
    ],
  },
  {
    key: 'health-products', name: tr('Gesundheitsprodukte', 'Prodotti sanitari', 'Produits de santé'), children: [
      { key: 'first-aid', name: tr('Erste Hilfe', 'Pronto soccorso', 'Premiers secours') },
      { key: 'measuring', name: tr('Messgeräte', 'Apparecchi di misurazione', 'Appareils de mesure') },
      { key: 'incontinence', name: tr('Inkontinenz', 'Incontinenza', 'Incontinence') },
      { key: 'self-tests', name: tr('Selbsttests', 'Autotest', 'Autotests') },
    ],
  },
];

// Paths are the storefront's localized routes (SPEC §2 content-page table; /s/… for fetched content pages).
const FOOTER_LINKS: [string, Tr, Tr][] = [
  ['about', tr('Über uns', 'Chi siamo', 'À propos'), tr('/s/ueber-uns', '/it/s/chi-siamo', '/fr/s/a-propos')],
  ['pharmacies', tr('Apotheken', 'Farmacie', 'Pharmacies'), tr('/pharmacy-map', '/it/pharmacy-map', '/fr/pharmacy-map')],
  ['magazine', tr('Gesundheitsmagazin', 'Rivista della salute', 'Magazine santé'), tr('/magazin', '/it/rivista', '/fr/magazine')],
  ['brands', tr('Marken', 'Marche', 'Marques'), tr('/marken', '/it/marche', '/fr/marques')],
];

const SERVICE_LINKS: [string, Tr, Tr][] = [
  ['contact', tr('Kontakt', 'Contatto', 'Contact'), tr('/s/kontakt', '/it/s/contatto', '/fr/s/contact')],
  ['shipping', tr('Versand & Lieferung', 'Spedizione e consegna', 'Expédition et livraison'), tr('/versand-lieferung', '/it/spedizione-consegna', '/fr/expedition-livraison')],
  ['returns', tr('Retouren', 'Resi', 'Retours'), tr('/retouren', '/it/resi', '/fr/retours')],
  ['guarantee', tr('Garantiebestimmungen', 'Condizioni di garanzia', 'Conditions de garantie'), tr('/garantiebestimmungen', '/it/conditioni-di-garanzia', '/fr/conditions-de-garantie')],
  ['terms', tr('AGB', 'Condizioni generali', 'CGV'), tr('/agb', '/it/termini-e-condizioni-generali', '/fr/cgv')],
  ['privacy', tr('Datenschutz', 'Protezione dei dati', 'Protection des données'), tr('/datenschutz', '/it/protezione-dei-dati', '/fr/protection-des-donnees')],
  ['imprint', tr('Impressum', 'Note giuridiche', 'Mentions légales'), tr('/impressum', '/it/note-giuridiche', '/fr/mentions-legales')],
];

export interface SeededCategory {
  id: string;
  key: string;
  name: Tr;
  level: number;
  parentId: string;
  /** Ids from the root down to the parent. */
  ancestorIds: string[];
  /** Names below the root, down to this category (for SEO paths and breadcrumbs). */
  trail: Tr[];
  /** The department (first level below the root). */
  departmentKey: string;
  isLeaf: boolean;
  position: number;
}

export const ROOT_NAME = tr('Startseite', 'Pagina iniziale', 'Accueil');
const HOME_TITLE = tr(
  'Ihre Online-Apotheke für die Schweiz und Liechtenstein',
  'La vostra farmacia online per la Svizzera e il Liechtenstein',
  'Votre pharmacie en ligne pour la Suisse et le Liechtenstein',
);
const HOME_DESCRIPTION = tr(
  'Medikamente, Vitamine und Pflegeprodukte mit Beratung durch Fachpersonen: Lieferung per Post oder Abholung in Ihrer Apotheke.',
  'Medicamenti, vitamine e prodotti per la cura con la consulenza di specialisti: consegna per posta o ritiro nella vostra farmacia.',
  'Médicaments, vitamines et soins avec les conseils de spécialistes : livraison par la poste ou retrait dans votre pharmacie.',
);

export function categoryId(key: string): string {
  return stableId('category', key);
}

/** The tree flattened parents-first. */
export function plannedCategories(): SeededCategory[] {
  const result: SeededCategory[] = [];
  const visit = (node: CategoryNode, parent: SeededCategory | null, position: number, departmentKey: string) => {
    const category: SeededCategory = {
      id: categoryId(node.key),
      key: node.key,
      name: node.name,
      level: parent ? parent.level + 1 : 2,
      parentId: parent ? parent.id : ROOT_CATEGORY_ID,
      ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [ROOT_CATEGORY_ID],
      trail: parent ? [...parent.trail, node.name] : [node.name],
      departmentKey,
      isLeaf: !node.children?.length,
      position,
    };
    result.push(category);
    node.children?.forEach((child, index) => visit(child, category, index + 1, departmentKey));
  };
  TREE.forEach((node, index) => visit(node, null, index + 1, node.key));
  return result;
}

function shopPath(ancestorIds: string[]): string {
  return `|${ancestorIds.join('|')}|`;
}

export interface CategoryLinks {
  cmsPageIdOf: (category: SeededCategory) => string;
  homeCmsPageId: string;
  mediaIdOf: (category: SeededCategory) => string | null;
}

export function seedCategories(w: TableWriter, categories: SeededCategory[], links: CategoryLinks): void {
  const createdAt = seedDate(400);
  const folder = (id: string, name: Tr, position: number, cmsPageId: string | null) => {
    w.insert('category', {
      id, parent_id: null, level: 1, path: null, position, type: id === ROOT_CATEGORY_ID ? 'page' : 'folder',
      cms_page_id: cmsPageId, active: 1, visible: 1, created_at: createdAt,
    });
    w.translations('category_translation', { category_id: id }, (l) => ({
      name: name[l],
      breadcrumb: [name[l]],
      // the home page's title and its one h1 (issue 20): what the shop is, not "Startseite"
      ...(id === ROOT_CATEGORY_ID ? { meta_title: HOME_TITLE[l], meta_description: HOME_DESCRIPTION[l] } : {}),
    }));
  };
  folder(ROOT_CATEGORY_ID, ROOT_NAME, 1, links.homeCmsPageId);
  folder(FOOTER_CATEGORY_ID, tr('Fusszeile', 'Piè di pagina', 'Pied de page'), 2, null);
  folder(SERVICE_CATEGORY_ID, tr('Service', 'Servizio', 'Service'), 3, null);

  for (const category of categories) {
    w.insert('category', {
      id: category.id, parent_id: category.parentId, level: category.level, path: shopPath(category.ancestorIds),
      position: category.position, type: 'page', cms_page_id: links.cmsPageIdOf(category),
      media_id: links.mediaIdOf(category), active: 1, visible: 1, created_at: createdAt,
    });
    w.translations('category_translation', { category_id: category.id }, (l) => {
      const name = category.name[l];
      const texts = CATEGORY_TEXTS[l];
      return {
        name,
        breadcrumb: [ROOT_NAME[l], ...category.trail.map((t) => t[l])],
        description: texts.description(name),
        meta_title: texts.metaTitle(name),
        meta_description: texts.metaDescription(name),
        keywords: [name, ...category.trail.slice(0, -1).map((t) => t[l]), texts.keyword].join(', '),
      };
    });
  }

  const linkList = (parentId: string, prefix: string, entries: [string, Tr, Tr][]) => {
    entries.forEach(([key, name, url], index) => {
      const id = stableId('category', prefix, key);
      w.insert('category', {
        id, parent_id: parentId, level: 2, path: shopPath([parentId]), position: index + 1, type: 'link',
        link_type: 'external', active: 1, visible: 1, created_at: createdAt,
      });
      w.translations('category_translation', { category_id: id }, (l) => ({
        name: name[l],
        breadcrumb: [name[l]],
        external_link: url[l],
      }));
    });
  };
  linkList(FOOTER_CATEGORY_ID, 'footer', FOOTER_LINKS);
  linkList(SERVICE_CATEGORY_ID, 'service', SERVICE_LINKS);
}

const CATEGORY_TEXTS = {
  de: {
    description: (name: string) =>
      `<p>${name} aus Ihrer Schweizer Online-Apotheke: geprüfte Qualität, Beratung durch unsere Fachpersonen und Lieferung in 1–2 Arbeitstagen.</p>`,
    metaTitle: (name: string) => `${name} online kaufen | Apotheke`,
    metaDescription: (name: string) => `${name} günstig online bestellen. Beratung durch Apothekerinnen und Apotheker, schneller Versand in der ganzen Schweiz.`,
    keyword: 'Apotheke',
  },
  it: {
    description: (name: string) =>
      `<p>${name} dalla vostra farmacia online svizzera: qualità controllata, consulenza dei nostri specialisti e consegna in 1–2 giorni lavorativi.</p>`,
    metaTitle: (name: string) => `${name} da acquistare online | Farmacia`,
    metaDescription: (name: string) => `Ordinate ${name} online a buon prezzo. Consulenza di farmaciste e farmacisti, spedizione rapida in tutta la Svizzera.`,
    keyword: 'farmacia',
  },
  fr: {
    description: (name: string) =>
      `<p>${name} de votre pharmacie en ligne suisse : qualité contrôlée, conseils de nos spécialistes et livraison en 1 à 2 jours ouvrables.</p>`,
    metaTitle: (name: string) => `${name} à acheter en ligne | Pharmacie`,
    metaDescription: (name: string) => `Commandez ${name} en ligne à petit prix. Conseils de pharmaciennes et pharmaciens, livraison rapide dans toute la Suisse.`,
    keyword: 'pharmacie',
  },
} as const;
