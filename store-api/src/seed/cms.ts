import { stableId } from '../ids';
import type { LanguageKey } from '../known-ids';
import type { SeededProduct } from './catalogue';
import type { SeededCategory } from './categories';
import type { MediaLibrary } from './media-images';
import { seedDate } from './reference-data';
import { tr, type TableWriter, type Tr } from './table-writer';

// Shopping experiences (CMS) in Shopware's shape: page → section → block → slot, slot config per
// language as `{key: {source, value}}`. The home page, one listing page per category, the product
// detail layout and the landing pages.

export const HOME_CMS_PAGE_ID = stableId('cms_page', 'home');
export const PRODUCT_DETAIL_CMS_PAGE_ID = stableId('cms_page', 'product-detail');

export function categoryCmsPageId(categoryKey: string): string {
  return stableId('cms_page', 'category', categoryKey);
}

interface Visibility {
  mobile: boolean;
  tablet: boolean;
  desktop: boolean;
}

const EVERYWHERE: Visibility = { mobile: true, tablet: true, desktop: true };
const NOT_ON_MOBILE: Visibility = { mobile: false, tablet: true, desktop: true };
const ONLY_ON_MOBILE: Visibility = { mobile: true, tablet: true, desktop: false };

type SlotConfig = Record<string, { source: 'static' | 'mapped'; value: unknown }>;

interface SlotPlan {
  slot: string;
  type: string;
  config: (l: LanguageKey) => SlotConfig;
}

interface BlockPlan {
  type: string;
  name?: string;
  sectionPosition?: 'main' | 'sidebar';
  visibility?: Visibility;
  slots: SlotPlan[];
}

interface SectionPlan {
  type: 'default' | 'sidebar';
  name?: string;
  visibility?: Visibility;
  blocks: BlockPlan[];
}

const stat = (value: unknown) => ({ source: 'static' as const, value });
const mapped = (value: string) => ({ source: 'mapped' as const, value });

class CmsWriter {
  constructor(private readonly w: TableWriter) {}

  page(id: string, type: string, name: Tr, sections: SectionPlan[]): void {
    this.w.insert('cms_page', { id, type, entity: null, css_class: null, config: null, created_at: seedDate(400) });
    this.w.translations('cms_page_translation', { cms_page_id: id }, (l) => ({ name: name[l] }));
    sections.forEach((section, s) => {
      const sectionId = stableId('cms_section', id, s);
      this.w.insert('cms_section', {
        id: sectionId, page_id: id, position: s, type: section.type, name: section.name ?? null,
        sizing_mode: 'boxed', mobile_behavior: 'wrap', visibility: section.visibility ?? EVERYWHERE,
      });
      section.blocks.forEach((block, b) => {
        const blockId = stableId('cms_block', sectionId, b);
        this.w.insert('cms_block', {
          id: blockId, section_id: sectionId, position: b, type: block.type, name: block.name ?? null,
          section_position: block.sectionPosition ?? 'main',
          margin_top: '20px', margin_bottom: '20px', margin_left: '20px', margin_right: '20px',
          visibility: block.visibility ?? EVERYWHERE,
        });
        for (const slot of block.slots) {
          const slotId = stableId('cms_slot', blockId, slot.slot);
          this.w.insert('cms_slot', { id: slotId, block_id: blockId, slot: slot.slot, type: slot.type, locked: 0 });
          this.w.translations('cms_slot_translation', { cms_slot_id: slotId }, (l) => ({ config: slot.config(l) }));
        }
      });
    });
  }
}

function textBlock(html: Tr, visibility?: Visibility): BlockPlan {
  return {
    type: 'text', visibility,
    slots: [{ slot: 'content', type: 'text', config: (l) => ({ content: stat(html[l]), verticalAlign: stat(null) }) }],
  };
}

/** The words of a banner, shown as text over its picture (never drawn into it), in the page's language. */
interface BannerText {
  headline: Tr;
  text: Tr;
  /** The button's label, when the banner links somewhere. */
  buttonLabel?: Tr;
}

function imageBlock(mediaId: string, url: Tr | null, banner: BannerText | null, visibility?: Visibility): BlockPlan {
  return {
    type: 'image', visibility,
    slots: [{
      slot: 'image', type: 'image',
      config: (l) => ({
        media: stat(mediaId), displayMode: stat('cover'), url: stat(url ? url[l] : null), newTab: stat(false),
        minHeight: stat('340px'), verticalAlign: stat(null),
        headline: stat(banner ? banner.headline[l] : null), text: stat(banner ? banner.text[l] : null),
        buttonLabel: stat(banner?.buttonLabel ? banner.buttonLabel[l] : null),
      }),
    }],
  };
}

function sliderBlock(title: Tr, productIds: string[], visibility?: Visibility): BlockPlan {
  return {
    type: 'product-slider', visibility,
    slots: [{
      slot: 'productSlider', type: 'product-slider',
      config: (l) => ({
        products: stat(productIds), title: stat(title[l]), boxLayout: stat('standard'), displayMode: stat('standard'),
        navigation: stat(true), rotate: stat(false), border: stat(false), elMinWidth: stat('300px'), verticalAlign: stat(null),
        productStreamSorting: stat('name:ASC'), productStreamLimit: stat(10),
      }),
    }],
  };
}

function categoryNavigationBlock(visibility: Visibility, sectionPosition: 'main' | 'sidebar'): BlockPlan {
  return {
    type: 'category-navigation', sectionPosition, visibility,
    slots: [{ slot: 'content', type: 'category-navigation', config: () => ({}) }],
  };
}

/** A video element in Shopware's shape, played in the provider's privacy-enhanced player after consent. */
function videoBlock(type: 'youtube-video' | 'vimeo-video', videoId: string, title: Tr): BlockPlan {
  return {
    type,
    slots: [{
      slot: 'video', type,
      config: (l) => ({
        videoID: stat(videoId), title: stat(title[l]), autoPlay: stat(false), loop: stat(false), showControls: stat(true),
        advancedPrivacyMode: stat(true), doNotTrack: stat(true), needsConfirmation: stat(true), previewMedia: stat(null),
      }),
    }],
  };
}

/** A form element (Shopware's contact or newsletter form) under a heading of the page's language. */
function formBlock(type: 'contact' | 'newsletter', title: Tr): BlockPlan {
  return {
    type: 'form',
    slots: [{ slot: 'content', type: 'form', config: (l) => ({ type: stat(type), title: stat(title[l]), mailReceiver: stat([]), confirmationText: stat(null) }) }],
  };
}

export interface CmsInput {
  categories: SeededCategory[];
  products: SeededProduct[];
  categoryMedia: Map<string, string>;
  media: MediaLibrary;
}

export interface SeededLandingPage {
  id: string;
  url: Tr;
}

export function seedCms(w: TableWriter, input: CmsInput): SeededLandingPage[] {
  const cms = new CmsWriter(w);
  const bySales = [...input.products].sort((a, b) => b.sales - a.sales || a.productNumber.localeCompare(b.productNumber));
  const byNew = [...input.products].sort((a, b) => a.daysOld - b.daysOld || a.productNumber.localeCompare(b.productNumber));
  const heroText: BannerText = {
    headline: tr('Gesund durch den Winter', 'In salute durante l’inverno', 'En forme tout l’hiver'),
    text: tr('Beratung, Vitamine und Erkältungsmittel', 'Consulenza, vitamine e rimedi contro il raffreddore', 'Conseils, vitamines et remèdes contre le rhume'),
    buttonLabel: tr('Zu den Vitaminen', 'Scoprire le vitamine', 'Voir les vitamines'),
  };
  const hero = input.media.add({
    key: 'cms:home-hero', kind: 'banner', fileName: 'Apotheke Online Startseite', color: '#1e8449',
    alt: heroText.headline,
    title: tr('Ihre Online-Apotheke', 'La vostra farmacia online', 'Votre pharmacie en ligne'),
  });

  cms.page(HOME_CMS_PAGE_ID, 'landingpage', tr('Startseite', 'Pagina iniziale', 'Page d’accueil'), [
    {
      type: 'default',
      blocks: [
        imageBlock(hero.id, tr('/vitamine-mineralstoffe', '/it/vitamine-e-minerali', '/fr/vitamines-et-mineraux'), heroText),
        textBlock(tr(
          '<h2>Willkommen in Ihrer Online-Apotheke</h2><p>Über 2000 Produkte, Beratung durch Fachpersonen und Lieferung in der ganzen Schweiz.</p>',
          '<h2>Benvenuti nella vostra farmacia online</h2><p>Oltre 2000 prodotti, consulenza di specialisti e consegna in tutta la Svizzera.</p>',
          '<h2>Bienvenue dans votre pharmacie en ligne</h2><p>Plus de 2000 produits, des conseils de spécialistes et la livraison dans toute la Suisse.</p>',
        )),
        sliderBlock(tr('Bestseller', 'I più venduti', 'Meilleures ventes'), bySales.slice(0, 12).map((p) => p.id)),
        sliderBlock(tr('Neu', 'Novità', 'Nouveautés'), byNew.slice(0, 12).map((p) => p.id)),
        categoryNavigationBlock(NOT_ON_MOBILE, 'main'),
        textBlock(tr(
          '<p><strong>Tipp:</strong> Rezepte einfach mit dem Handy fotografieren und hochladen.</p>',
          '<p><strong>Consiglio:</strong> fotografate la ricetta con il telefono e caricatela.</p>',
          '<p><strong>Astuce :</strong> photographiez votre ordonnance avec votre téléphone et envoyez-la.</p>',
        ), ONLY_ON_MOBILE),
      ],
    },
  ]);

  for (const category of input.categories) {
    const mediaId = input.categoryMedia.get(category.key) ?? null;
    const teaser: BlockPlan = {
      type: 'image-text', visibility: NOT_ON_MOBILE,
      slots: [
        {
          slot: 'left', type: 'image',
          config: () => ({ media: stat(mediaId), displayMode: stat('standard'), url: stat(null), newTab: stat(false), minHeight: stat('240px'), verticalAlign: stat(null) }),
        },
        {
          slot: 'right', type: 'text',
          config: (l) => ({
            content: stat(`<h2>${category.name[l]}</h2><p>${TEASER[l]}</p>`),
            verticalAlign: stat('center'),
          }),
        },
      ],
    };
    cms.page(categoryCmsPageId(category.key), 'product_list', category.name, [
      {
        type: 'sidebar',
        blocks: [
          categoryNavigationBlock(NOT_ON_MOBILE, 'sidebar'),
          { type: 'sidebar-filter', sectionPosition: 'sidebar', slots: [{ slot: 'content', type: 'sidebar-filter', config: () => ({}) }] },
          teaser,
          {
            type: 'product-listing',
            slots: [{
              slot: 'content', type: 'product-listing',
              config: () => ({
                boxLayout: stat('standard'), showSorting: stat(true), useCustomSorting: stat(false), availableSortings: stat([]),
                defaultSorting: stat(''), filters: stat('manufacturer-filter,rating-filter,price-filter,shipping-free-filter,property-filter'),
                propertyWhitelist: stat([]),
              }),
            }],
          },
        ],
      },
    ]);
  }

  cms.page(PRODUCT_DETAIL_CMS_PAGE_ID, 'product_detail', tr('Produktseite', 'Pagina prodotto', 'Page produit'), [
    {
      type: 'default',
      blocks: [
        {
          type: 'gallery-buybox',
          slots: [
            {
              slot: 'left', type: 'image-gallery',
              config: () => ({
                sliderItems: mapped('product.media'), navigationArrows: stat('inside'), navigationDots: stat(null),
                galleryPosition: stat('left'), displayMode: stat('standard'), minHeight: stat('340px'), verticalAlign: stat(null),
                zoom: stat(true), fullScreen: stat(true),
              }),
            },
            { slot: 'right', type: 'buy-box', config: () => ({ product: mapped('product'), alignment: stat(null) }) },
          ],
        },
        {
          type: 'product-description-reviews',
          slots: [{ slot: 'content', type: 'product-description-reviews', config: () => ({ product: mapped('product'), alignment: stat(null) }) }],
        },
        {
          type: 'cross-selling',
          slots: [{
            slot: 'content', type: 'cross-selling',
            config: () => ({ product: mapped('product'), displayMode: stat('standard'), boxLayout: stat('standard'), elMinWidth: stat('300px') }),
          }],
        },
      ],
    },
  ]);

  return seedLandingPages(cms, w, input, bySales);
}

const TEASER: Record<LanguageKey, string> = {
  de: 'Geprüfte Qualität und persönliche Beratung durch unser Apothekenteam.',
  it: 'Qualità controllata e consulenza personale del nostro team della farmacia.',
  fr: 'Qualité contrôlée et conseils personnalisés de notre équipe de pharmacie.',
};

interface LandingPagePlan {
  key: string;
  name: Tr;
  url: Tr;
  headline: Tr;
  text: Tr;
  color: string;
  categoryKeys: string[];
  /** CMS elements after the recommendations (a video, a form) */
  more?: BlockPlan[];
}

const LANDING_PAGES: LandingPagePlan[] = [
  {
    key: 'cold-season', name: tr('Erkältungszeit', 'Stagione del raffreddore', 'Saison des rhumes'),
    url: tr('erkaeltungszeit', 'stagione-del-raffreddore', 'saison-des-rhumes'),
    headline: tr('Gut gerüstet durch die Erkältungszeit', 'Ben equipaggiati per la stagione del raffreddore', 'Bien armé pour la saison des rhumes'),
    text: tr('Halsschmerzen, Husten, Schnupfen: unsere Fachpersonen empfehlen.', 'Mal di gola, tosse, raffreddore: i consigli dei nostri specialisti.', 'Maux de gorge, toux, rhume : les conseils de nos spécialistes.'),
    color: '#2471a3', categoryKeys: ['sore-throat', 'cough', 'blocked-nose', 'vitamin-c'],
    more: [
      // The video's id is the shop's own channel's; the editors replace it in the CMS.
      videoBlock('youtube-video', 'Edw3Ink9aTm', tr('Richtig inhalieren: so wirkt Dampf bei Schnupfen', 'Inalare correttamente: come agisce il vapore sul raffreddore', 'Bien inhaler : l’effet de la vapeur sur le rhume')),
      formBlock('contact', tr('Fragen zur Erkältung? Schreiben Sie unserem Apothekenteam', 'Domande sul raffreddore? Scrivete al nostro team della farmacia', 'Des questions sur le rhume ? Écrivez à notre équipe de pharmacie')),
    ],
  },
  {
    key: 'summer-pharmacy', name: tr('Sommer-Apotheke', 'Farmacia estiva', 'Pharmacie d’été'),
    url: tr('sommer-apotheke', 'farmacia-estiva', 'pharmacie-d-ete'),
    headline: tr('Sicher durch den Sommer', 'Un’estate in sicurezza', 'Un été en toute sécurité'),
    text: tr('Sonnenschutz, Insektenstiche und Reiseapotheke.', 'Protezione solare, punture d’insetti e farmacia da viaggio.', 'Protection solaire, piqûres d’insectes et pharmacie de voyage.'),
    color: '#d68910', categoryKeys: ['sun-care', 'first-aid', 'allergy'],
    more: [
      videoBlock('vimeo-video', '482901736', tr('Die Reiseapotheke richtig packen', 'Preparare bene la farmacia da viaggio', 'Bien préparer sa pharmacie de voyage')),
      formBlock('newsletter', tr('Sommertipps aus der Apotheke per E-Mail', 'Consigli estivi della farmacia via e-mail', 'Conseils d’été de la pharmacie par e-mail')),
    ],
  },
  {
    key: 'insured-offer', name: tr('Versicherten-Angebot', 'Offerta per assicurati', 'Offre pour assurés'),
    url: tr('versicherten-angebot', 'offerta-assicurati', 'offre-assures'),
    headline: tr('CHF 20 Willkommensgutschein für Versicherte', 'Buono di benvenuto di CHF 20 per assicurati', 'Bon de bienvenue de CHF 20 pour assurés'),
    text: tr('Einmalig ab einem Einkauf von CHF 50. Dazu 10 % auf Generika.', 'Una tantum a partire da un acquisto di CHF 50. In più 10 % sui generici.', 'Une seule fois dès CHF 50 d’achat. En plus 10 % sur les génériques.'),
    color: '#1e8449', categoryKeys: ['pain-fever', 'digestion'],
  },
  {
    key: 'vitamin-boost', name: tr('Vitamin-Boost', 'Carica di vitamine', 'Boost de vitamines'),
    url: tr('vitamin-boost', 'carica-di-vitamine', 'boost-de-vitamines'),
    headline: tr('Mehr Energie mit Vitaminen', 'Più energia con le vitamine', 'Plus d’énergie avec les vitamines'),
    text: tr('Vitamin D, Magnesium und Multivitamine für jeden Tag.', 'Vitamina D, magnesio e multivitaminici per ogni giorno.', 'Vitamine D, magnésium et multivitamines pour chaque jour.'),
    color: '#b9770e', categoryKeys: ['vitamin-d', 'magnesium', 'multivitamins'],
  },
];

function seedLandingPages(cms: CmsWriter, w: TableWriter, input: CmsInput, bySales: SeededProduct[]): SeededLandingPage[] {
  const categoryIdByKey = new Map(input.categories.map((c) => [c.key, c.id]));
  return LANDING_PAGES.map((plan) => {
    const id = stableId('landing_page', plan.key);
    const pageId = stableId('cms_page', 'landing', plan.key);
    const categoryIds = new Set(plan.categoryKeys.map((key) => categoryIdByKey.get(key)));
    const picks = bySales.filter((p) => categoryIds.has(p.categoryId)).slice(0, 10).map((p) => p.id);
    const banner = input.media.add({
      key: `cms:landing:${plan.key}`, kind: 'banner', fileName: plan.name.de, color: plan.color, alt: plan.headline, title: plan.name,
    });
    cms.page(pageId, 'landingpage', plan.name, [
      {
        type: 'default',
        blocks: [
          imageBlock(banner.id, null, { headline: plan.name, text: plan.text }),
          textBlock({
            de: `<h1>${plan.headline.de}</h1><p>${plan.text.de}</p>`,
            it: `<h1>${plan.headline.it}</h1><p>${plan.text.it}</p>`,
            fr: `<h1>${plan.headline.fr}</h1><p>${plan.text.fr}</p>`,
          }),
          sliderBlock(tr('Unsere Empfehlungen', 'I nostri consigli', 'Nos recommandations'), picks),
          ...(plan.more ?? []),
        ],
      },
    ]);
    w.insert('landing_page', { id, active: 1, cms_page_id: pageId, created_at: seedDate(120) });
    w.translations('landing_page_translation', { landing_page_id: id }, (l) => ({
      name: plan.name[l], url: plan.url[l], meta_title: plan.headline[l], meta_description: plan.text[l],
      keywords: plan.name[l],
    }));
    return { id, url: plan.url };
  });
}
