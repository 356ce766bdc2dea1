// ?no-inline: a file under /assets (cached for a year), not a data: URL repeated in every page's HTML.
import faviconUrl from './shell/favicon.svg?no-inline';

// Every page's <head>: the shop's mark (ShopLogo's cross, primary green) as the tab icon. Without it browsers ask for
// /favicon.ico, get a 404 and log it as an error in the console.
export default function Head() {
  return <link rel="icon" type="image/svg+xml" href={faviconUrl} />;
}
