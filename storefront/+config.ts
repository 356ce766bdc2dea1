import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

// Pages render on the server with their data already in the Relay store (fetched by the data hook), so
// nothing suspends and streaming buys nothing (STACK.md item 6).
export default {
  extends: [vikeReact],
  stream: false,
  // Only what the browser computes itself: a pageContextInit value here would make every client
  // navigation fetch pageContext.json from the server instead of running the page query in the browser.
  // pharmacyMapTiles is on the globalContext (+onCreateGlobalContext.server.ts): sent once with the page's HTML.
  passToClient: ['locale', 'pharmacyMapTiles'],
  meta: {
    // Each page's +pageQuery.ts: its one query and the variables it takes from the URL.
    pageQuery: { env: { server: true, client: true } },
    // Each page's +formTexts.ts: false where no checkout, account or customer texts are shown (catalogue
    // pages), so the browser does not load them (storefront/platform/i18n/browserI18n.ts). Unset means they are loaded.
    formTexts: { env: { server: false, client: true } },
  },
} satisfies Config;
