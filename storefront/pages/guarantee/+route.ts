import { contentPageRoute } from '../../platform/i18n/contentPages';

export default contentPageRoute('guarantee');
