import { contentPageRoute } from '../../platform/i18n/contentPages';

// /magazin · /it/rivista · /fr/magazine (SPEC §2 content pages).
export default contentPageRoute('magazine');
