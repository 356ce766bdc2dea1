import type { PageContext } from 'vike/types';

// <html lang> follows the URL's language (SPEC §2).
export default (pageContext: PageContext) => pageContext.locale;
