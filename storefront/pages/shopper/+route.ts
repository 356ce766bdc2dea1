import type { PageContext } from 'vike/types';
import { shopperPageTitle } from './shopperPages';

export default (pageContext: PageContext) => shopperPageTitle(pageContext.urlPathname) !== undefined;
