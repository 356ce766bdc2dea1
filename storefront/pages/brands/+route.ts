import { contentPageRoute } from '../../platform/i18n/contentPages';

// /marken, /it/marche, /fr/marques
export default contentPageRoute('brands');
