import { tileUrl } from './tileMap';
import { httpsUrl } from '../../shell/httpsSettings';

// The pharmacy map's online tiles (issue 7): off unless PHARMACY_MAP_TILE_URL names a tile server; the map is then
// drawn over its XYZ tiles (storefront/features/pharmacies/tileMap.ts), else it stays the shop's own offline SVG map.
// Read once when the server starts (server/storefront.ts: a bad value stops the start) and by
// storefront/+onCreateGlobalContext.server.ts, which puts it on Vike's globalContext for the server and the browser.

/** The tile server as configured: a URL template with {z}, {x} and {y}, and the attribution its licence asks for. */
export interface PharmacyMapTiles {
  url: string;
  attribution: string;
}

export const TILE_URL_ENV = 'PHARMACY_MAP_TILE_URL';
export const TILE_ATTRIBUTION_ENV = 'PHARMACY_MAP_TILE_ATTRIBUTION';
const MAX_ATTRIBUTION_LENGTH = 200;

/** The template with every placeholder filled (tile n/n/n): a URL the browser could load. */
function sampleTileUrl(template: string, n = 0): string {
  return tileUrl(template, { z: n, x: n, y: n });
}

/**
 * The configured tile server, or null (unset or empty: the offline map). The URL must be an absolute https URL
 * (no credentials) with {z}, {x} and {y} outside its host, and the attribution must be given (tile licences such
 * as OpenStreetMap's require it); anything else throws with a message naming the variable.
 */
export function readPharmacyMapTiles(env: NodeJS.ProcessEnv = process.env): PharmacyMapTiles | null {
  const url = env[TILE_URL_ENV]?.trim();
  if (!url) return null;
  const parsed = httpsUrl(sampleTileUrl(url));
  const placeholders = ['{z}', '{x}', '{y}'].every((placeholder) => url.includes(placeholder));
  // nothing else in braces ({s}, {r}, {apikey}), and a fixed host (no placeholder in it) so the CSP can name it
  const fixedHost = parsed !== null && URL.canParse(sampleTileUrl(url, 1)) && new URL(sampleTileUrl(url, 1)).origin === parsed.origin;
  if (!parsed || !placeholders || !fixedHost || /[{}]/.test(sampleTileUrl(url))) {
    throw new Error(
      `${TILE_URL_ENV} must be an https:// tile URL template with {z}, {x} and {y} (e.g. https://tile.example.ch/{z}/{x}/{y}.png), got "${url}"; leave it unset for the offline map`,
    );
  }
  const attribution = env[TILE_ATTRIBUTION_ENV]?.trim() ?? '';
  if (!attribution || attribution.length > MAX_ATTRIBUTION_LENGTH) {
    throw new Error(
      `${TILE_ATTRIBUTION_ENV} must name the tiles' source in at most ${MAX_ATTRIBUTION_LENGTH} characters (e.g. "© OpenStreetMap contributors") when ${TILE_URL_ENV} is set`,
    );
  }
  return { url, attribution };
}

/** The origins the browser loads tiles from (for the Content-Security-Policy's img-src); none without tiles. */
export function tileMapOrigins(config: PharmacyMapTiles | null | undefined): string[] {
  return config ? [new URL(sampleTileUrl(config.url)).origin] : [];
}
