import type { ComponentType } from 'react';
import type { CategoryPageView } from '../../features/catalog';
import type { LandingPageView } from '../../features/content';
import type { ProductPageView } from '../../features/product';

/**
 * The route page shows a product, a category or a landing page: each view (with its components and
 * fragments) is its own chunk, loaded once the page query says which one the path shows — before the
 * render (data hook on the server and on client navigation, +onBeforeRenderClient before hydration),
 * so nothing suspends and a product page does not ship the category page's code.
 */
interface RouteViews {
  ProductPage: typeof ProductPageView;
  CategoryPage: typeof CategoryPageView;
  LandingPageRoute: typeof LandingPageView;
}

const loaders: { [K in keyof RouteViews]: () => Promise<RouteViews[K]> } = {
  ProductPage: () => import('../../features/product/ProductPageView').then((module) => module.ProductPageView),
  CategoryPage: () => import('../../features/catalog/CategoryPageView').then((module) => module.CategoryPageView),
  LandingPageRoute: () => import('../../features/content/LandingPageView').then((module) => module.LandingPageView),
};

/**
 * Each view's module, as the build names it in dist/client/route-view-css.json (storefront/platform/build/routeViewStyles.ts):
 * the server links the shown view's CSS in the page's <head>. Keep in step with `loaders`.
 */
export const ROUTE_VIEW_SOURCES: { [K in keyof RouteViews]: string } = {
  ProductPage: 'storefront/features/product/ProductPageView.tsx',
  CategoryPage: 'storefront/features/catalog/CategoryPageView.tsx',
  LandingPageRoute: 'storefront/features/content/LandingPageView.tsx',
};

const loaded: Partial<RouteViews> = {};

function isRouteView(typename: unknown): typename is keyof RouteViews {
  return typeof typename === 'string' && typename in loaders;
}

/** The lazily loaded view a route query's answer (`data.route.__typename`) shows; null for none (NotFound). */
export function routeViewOf(data: Record<string, unknown> | null | undefined): keyof RouteViews | null {
  const typename = (data?.route as { __typename?: unknown } | undefined)?.__typename;
  return isRouteView(typename) ? typename : null;
}

/** Loads the view for a route query's answer before the render; nothing for NotFound. */
export async function loadRouteView(data: Record<string, unknown> | null | undefined): Promise<void> {
  const view = routeViewOf(data);
  if (!view || loaded[view]) return;
  (loaded as Record<string, ComponentType<never>>)[view] = (await loaders[view]()) as ComponentType<never>;
}

/** The loaded view of a kind of route; undefined only if loadRouteView was skipped. */
export function routeView<K extends keyof RouteViews>(typename: K): RouteViews[K] | undefined {
  return loaded[typename];
}
