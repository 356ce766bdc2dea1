import type { PageContextServer } from 'vike/types';
import { shownPathOf } from './i18n/locales';
import { thirdPartyScriptTags } from './shell/thirdPartyScripts';

// The end of every page's <head>: the shell's third-party scripts as the server configured them (off by default).
export default function headHtmlEnd(pageContext: PageContextServer): string {
  return thirdPartyScriptTags(pageContext.thirdPartyScripts, shownPathOf(pageContext));
}
