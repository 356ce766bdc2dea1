import { contentPageRoute } from '../../i18n/contentPages';

export default contentPageRoute('medications');
