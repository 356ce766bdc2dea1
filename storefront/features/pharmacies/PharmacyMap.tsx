import { useMemo, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { COUNTRY_OUTLINE, LIECHTENSTEIN_BORDER, MAP_HEIGHT, MAP_WIDTH, onMap, project, svgPath } from './mapProjection';
import { boundingBox, inView, projectOnView, TILE_SIZE, tilesOf, tileUrl, tileView, viewPath } from './tileMap';
import type { PharmacyMapTiles } from './pharmacyMapTiles';
import type { PharmacyMap_pharmacies$data, PharmacyMap_pharmacies$key } from './__generated__/PharmacyMap_pharmacies.graphql';
import styles from './PharmacyMap.module.css';

type Origin = { latitude: number; longitude: number; label: string };

interface PharmacyMapProps {
  pharmacies: PharmacyMap_pharmacies$key;
  /** pharmacies drawn larger and in the accent colour (the search results, or the page's pharmacy) */
  highlighted?: ReadonlySet<string>;
  /** the searched place or the shopper's position, marked with a cross */
  origin?: Origin | null;
  /** a short description for screen readers */
  label: string;
}

type Pharmacy = PharmacyMap_pharmacies$data[number] & { latitude: number; longitude: number };
type Dot = Pharmacy & { x: number; y: number; lit: boolean };

/**
 * The pharmacy map: the country outline and one dot per pharmacy, each a link to its page with the name as its
 * accessible name, reachable with the keyboard. Offline (no tile server, no request) unless PHARMACY_MAP_TILE_URL
 * is set: then the dots lie on that server's tiles, over the same outline (still readable when tiles fail to load).
 */
export function PharmacyMap({ pharmacies: key, highlighted, origin, label }: PharmacyMapProps) {
  // set by +onCreateGlobalContext.server.ts and passed to the browser; hand-made page contexts (tests) have no globalContext
  const tiles = usePageContext().globalContext?.pharmacyMapTiles ?? null;
  const data = useFragment(
    graphql`
      fragment PharmacyMap_pharmacies on Pharmacy @relay(plural: true) {
        pharmacyId
        name
        city
        path
        latitude
        longitude
      }
    `,
    key,
  );
  const outline = useMemo(() => svgPath(COUNTRY_OUTLINE), []);
  const liechtenstein = useMemo(() => svgPath(LIECHTENSTEIN_BORDER, false), []);
  const pharmacies = data.filter((p): p is Pharmacy => p.latitude != null && p.longitude != null && onMap(p.longitude, p.latitude));
  const shownOrigin = origin && onMap(origin.longitude, origin.latitude) ? origin : null;
  if (tiles) return <TileMap tiles={tiles} pharmacies={pharmacies} highlighted={highlighted} origin={shownOrigin} label={label} />;
  const dots = pharmacies.map((p) => ({ ...p, ...project(p.longitude, p.latitude), lit: highlighted?.has(p.pharmacyId) ?? false }));
  return (
    <figure className={styles.figure}>
      <svg className={styles.map} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-label={label} data-testid="pharmacy-map">
        <path className={styles.country} d={outline} />
        <path className={styles.border} d={liechtenstein} />
        <Markers dots={dots} origin={shownOrigin} mark={shownOrigin ? project(shownOrigin.longitude, shownOrigin.latitude) : null} />
      </svg>
      <Legend highlighted={highlighted} origin={shownOrigin} />
    </figure>
  );
}

/** The online view has the offline map's size, so both take the same room on the page. */
const VIEW_WIDTH = MAP_WIDTH;
const VIEW_HEIGHT = MAP_HEIGHT;

/** A length of the view as a percentage of its width or height: the tiles scale with the map as the SVG layers do. */
const percent = (value: number, of: number) => `${Math.round((value / of) * 1e6) / 1e4}%`;

/**
 * The online map: a Web Mercator view at the zoom that fits the highlighted pharmacies and the searched place (all
 * pharmacies when none is highlighted, all of Switzerland and Liechtenstein when there are none). Three layers of
 * one size: the outline (what is seen where a tile does not load), the tiles, the dots. Dots outside the view are
 * left out, so every link the keyboard reaches can be seen.
 */
function TileMap({ tiles, pharmacies, highlighted, origin, label }: { tiles: PharmacyMapTiles; pharmacies: readonly Pharmacy[]; highlighted?: ReadonlySet<string>; origin: Origin | null; label: string }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const lit = pharmacies.filter((p) => highlighted?.has(p.pharmacyId));
  const focus: [number, number][] = (lit.length > 0 ? lit : pharmacies).map((p) => [p.longitude, p.latitude]);
  if (origin) focus.push([origin.longitude, origin.latitude]);
  const view = tileView(boundingBox(focus) ?? boundingBox(COUNTRY_OUTLINE)!, VIEW_WIDTH, VIEW_HEIGHT);
  const dots = pharmacies
    .map((p) => ({ ...p, ...projectOnView(view, p.longitude, p.latitude), lit: highlighted?.has(p.pharmacyId) ?? false }))
    .filter((dot) => inView(view, dot));
  const viewBox = `0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`;
  return (
    <figure className={styles.figure}>
      <div className={styles.frame} data-testid="pharmacy-tile-map" data-zoom={view.zoom}>
        <svg className={styles.base} viewBox={viewBox} aria-hidden="true" focusable="false">
          <path className={styles.country} d={viewPath(view, COUNTRY_OUTLINE)} />
          <path className={styles.border} d={viewPath(view, LIECHTENSTEIN_BORDER, false)} />
        </svg>
        <div className={styles.tiles} aria-hidden="true">
          {tilesOf(view).map((tile) => (
            <img
              key={`${tile.x}/${tile.y}`}
              ref={hideIfBroken}
              onError={(event) => event.currentTarget.classList.add(styles.broken!)}
              className={styles.tile}
              src={tileUrl(tiles.url, tile)}
              alt=""
              role="presentation"
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              width={TILE_SIZE}
              height={TILE_SIZE}
              // 1px larger than the grid step, so scaled tiles meet without a hairline seam
              style={{
                left: percent(tile.left, VIEW_WIDTH),
                top: percent(tile.top, VIEW_HEIGHT),
                width: `calc(${percent(TILE_SIZE, VIEW_WIDTH)} + 1px)`,
                height: `calc(${percent(TILE_SIZE, VIEW_HEIGHT)} + 1px)`,
              }}
            />
          ))}
        </div>
        <svg className={styles.overlay} viewBox={viewBox} role="group" aria-label={label} data-testid="pharmacy-map">
          <Markers dots={dots} origin={origin} mark={origin ? projectOnView(view, origin.longitude, origin.latitude) : null} />
        </svg>
      </div>
      <Legend highlighted={highlighted} origin={origin}>
        <small className={styles.attribution} data-testid="pharmacy-map-attribution">
          {t('map.tilesAttribution', { attribution: tiles.attribution })}
        </small>
      </Legend>
    </figure>
  );
}

/**
 * Hides a tile that could not be loaded (offline, server down): the browser would draw a broken-image box over
 * the outline. onError sees failures after hydration; this ref, those that happened before it.
 */
function hideIfBroken(image: HTMLImageElement | null): void {
  if (image?.complete && image.naturalWidth === 0) image.classList.add(styles.broken!);
}

/** One link per pharmacy and the searched place as a cross. */
function Markers({ dots, origin, mark }: { dots: readonly Dot[]; origin: Origin | null; mark: { x: number; y: number } | null }) {
  const { locale } = usePageContext();
  // highlighted dots last, so they are drawn on top and come after the others when tabbing
  const ordered = [...dots].sort((a, b) => Number(a.lit) - Number(b.lit));
  return (
    <>
      {ordered.map((dot) => (
        <a key={dot.pharmacyId} href={localizedPath(dot.path, locale)} className={dot.lit ? styles.lit : styles.dot} aria-label={`${dot.name}, ${dot.city}`} data-pharmacy-id={dot.pharmacyId}>
          <title>{`${dot.name}, ${dot.city}`}</title>
          <circle cx={dot.x} cy={dot.y} r={dot.lit ? 7 : 4.5} />
        </a>
      ))}
      {origin && mark ? (
        <g className={styles.origin} aria-label={origin.label} role="img" data-testid="pharmacy-map-origin">
          <title>{origin.label}</title>
          <circle cx={mark.x} cy={mark.y} r={9} />
          <path d={`M${mark.x - 6} ${mark.y} H${mark.x + 6} M${mark.x} ${mark.y - 6} V${mark.y + 6}`} />
        </g>
      ) : null}
    </>
  );
}

/** The map's key: what the dots and the cross mean (online also where the tiles come from). */
function Legend({ highlighted, origin, children }: { highlighted?: ReadonlySet<string>; origin: Origin | null; children?: ReactNode }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  return (
    <figcaption className={styles.caption}>
      <span className={styles.legendDot} aria-hidden="true" /> {t('map.legendPharmacy')}
      {highlighted && highlighted.size > 0 ? (
        <>
          {' '}
          <span className={styles.legendLit} aria-hidden="true" /> {t('map.legendResult')}
        </>
      ) : null}
      {origin ? (
        <>
          {' '}
          <span className={styles.legendOrigin} aria-hidden="true">+</span> {origin.label}
        </>
      ) : null}
      {children}
    </figcaption>
  );
}
