import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { featureIndexes } from './storefront/platform/build/featureIndexes';
import { routeViewStyles } from './storefront/platform/build/routeViewStyles';

const PROJECT_ROOT = fileURLToPath(new URL('.', import.meta.url));

// Relay's graphql`` tags must become artifact imports: without the transform the build still succeeds
// but SSR silently renders the Suspense fallback (STACK.md). Only storefront sources carry them
// (vitest.config.ts repeats this plugin for component tests).
const relayBabel = babel({
  include: [/[\\/]storefront[\\/].*\.[jt]sx?$/],
  plugins: [['babel-plugin-relay', { eagerEsModules: true }]],
});

// sanitize-html (~70 KB gzip) runs on the server only; the browser sanitizes with its own DOMParser
// (storefront/ui/ShopHtml.tsx). Its import resolves to an empty stub in the client bundle.
const SERVER_ONLY = new Set(['sanitize-html']);
const STUB = '\0shop-server-only-stub';
// Modules only the server render calls (+Wrapper.tsx picks serverI18n under import.meta.env.SSR, which the
// bundler does not prune before it follows the import): in the browser serverI18n would pull in every
// language's texts through storefront/platform/i18n/index.ts. A stub keeps them out once the browser's own i18n loads only the
// page language (ADR 0011, Consequences).
const SERVER_ONLY_MODULE = /[\\/]storefront[\\/]platform[\\/]i18n[\\/]serverI18n\.ts$/;
const SERVER_ONLY_MODULE_STUB = 'export function serverI18n() { throw new Error("server only"); }';
// The browser gets a slice of react-relay/hooks: only the hooks the storefront uses (storefront/platform/relay/clientRelayHooks.js).
const CLIENT_RELAY_HOOKS = fileURLToPath(new URL('./storefront/platform/relay/clientRelayHooks.js', import.meta.url));
// Relay is CommonJS, so nothing of it is tree-shaken: modules that require parts the storefront never runs
// get those requires replaced by {} in the browser build (their exports read undefined). relay-runtime's
// index: the experimental fragment observers, legacy containers' spec resolver, subscriptions, the
// deprecated fetchQuery, the response cache, the preloadable-query registry. useFragmentInternal: the
// CURRENT implementation, used only when RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY is off (Relay 21
// turns it on and the shop never changes it). The store, the environment and the hooks the pages use are untouched; the server keeps all.
const UNUSED_REQUIRES: Array<{ file: RegExp; requires: ReadonlySet<string> }> = [
  {
    file: /[\\/]relay-runtime[\\/]lib[\\/]index\.js$/,
    requires: new Set([
      './experimental',
      './store/createFragmentSpecResolver',
      './subscription/requestSubscription',
      './query/fetchQuery_DEPRECATED',
      './network/RelayQueryResponseCache',
      './query/PreloadableQueryRegistry',
    ]),
  },
  {
    file: /[\\/]react-relay[\\/]lib[\\/]relay-hooks[\\/]useFragmentInternal\.js$/,
    requires: new Set(['./useFragmentInternal_CURRENT']),
  },
  {
    // relay-runtime's index, more of it (ADR 0014, issue 8): the new NormalizationEngine API, optimistic mutations,
    // declarative mutation configs (`configs:`), the handlers of @deleteRecord/@appendEdge and friends, 3D payloads,
    // @inline data. The shop's mutations use none of them (commitMutation reads the configs only when given some).
    file: /[\\/]relay-runtime[\\/]lib[\\/]index\.js$/,
    requires: new Set([
      './store/NormalizationEngine',
      './mutations/applyOptimisticMutation',
      './mutations/RelayDeclarativeMutationConfig',
      './handlers/connection/MutationHandlers',
      './util/createPayloadFor3DField',
      './store/readInlineData',
    ]),
  },
  { file: /[\\/]relay-runtime[\\/]lib[\\/]mutations[\\/]commitMutation\.js$/, requires: new Set(['./RelayDeclarativeMutationConfig']) },
  { file: /[\\/]relay-runtime[\\/]lib[\\/]handlers[\\/]RelayDefaultHandlerProvider\.js$/, requires: new Set(['./connection/MutationHandlers']) },
  // @updatable queries and fragments (store.readUpdatableQuery), never used by the shop's updaters.
  { file: /[\\/]relay-runtime[\\/]lib[\\/]mutations[\\/]readUpdatable(Query|Fragment)\.js$/, requires: new Set(['./createUpdatableProxy']) },
];
// Requires the browser build points elsewhere: the store's live-resolver cache becomes the stand-in of
// storefront/platform/relay/noLiveResolverCache.js (the shop has no Relay Resolvers; ~2 KB gzip).
const SWAPPED_REQUIRES: Array<{ file: RegExp; from: string; to: string }> = [
  {
    file: /[\\/]relay-runtime[\\/]lib[\\/]store[\\/]RelayModernStore\.js$/,
    from: './live-resolvers/LiveResolverCache',
    to: fileURLToPath(new URL('./storefront/platform/relay/noLiveResolverCache.js', import.meta.url)),
  },
];
// Relay's generated artifacts are plain data, but each ends in `node.hash = '…'`, which the bundler counts as a
// side effect: an artifact nobody reads (the fragment of a server-only component such as ProductJsonLd) would
// stay in the page's JavaScript. Marked free of side effects, it goes when nothing imports its data.
const RELAY_ARTIFACT = /[\\/]__generated__[\\/][^\\/]+\.graphql\.ts$/;
const relayArtifactsArePure: Plugin = {
  name: 'shop:relay-artifacts-are-pure',
  apply: 'build',
  transform(_code, id, options) {
    if (!RELAY_ARTIFACT.test(id) || options?.ssr || this.environment?.name === 'ssr') return null;
    return { moduleSideEffects: false };
  },
};

// Vike gives every `.css` module a chunk of its own (pluginDistFileNames.js, `disableCSSBundling`: a workaround
// for a Vite CSS duplication bug, vikejs/vike#1815). For a CSS module that chunk also holds its class-name map
// (`{footer: "_footer_10827_1"}`) as one more JavaScript file: 36 of them on the product page, ~100 bytes
// each plus their imports. CSS modules go back to the bundler's own chunking (beside the component that
// imports them, their CSS with that chunk's); plain CSS keeps Vike's rule. Measured: the product page loads
// the same CSS rules, none twice, in 10 files instead of 32. This wraps Vike's manualChunks, so it must run
// after Vike's configResolved (both `post`; this plugin comes after vike() in the list).
type ManualChunks = ((id: string, ...rest: unknown[]) => string | null | undefined) & { isTheOneSetByVike?: boolean; shopCssModules?: boolean };
const cssModulesWithTheirComponent: Plugin = {
  name: 'shop:css-modules-with-their-component',
  apply: 'build',
  enforce: 'post',
  configResolved(config) {
    for (const output of [config.build.rolldownOptions?.output ?? []].flat()) {
      const vikeChunks = output.manualChunks as ManualChunks | undefined;
      if (typeof vikeChunks !== 'function' || vikeChunks.shopCssModules) continue;
      const chunks: ManualChunks = function (this: unknown, id, ...rest) {
        return /\.module\.css$/.test(id) ? undefined : vikeChunks.call(this, id, ...rest);
      };
      chunks.isTheOneSetByVike = true; // Vike wraps only once: it must not wrap this again
      chunks.shopCssModules = true;
      output.manualChunks = chunks as typeof output.manualChunks;
    }
  },
};

const serverOnlyPackages: Plugin = {
  name: 'shop:server-only-packages',
  enforce: 'pre',
  resolveId(id, _importer, options) {
    if (SERVER_ONLY.has(id) && !options?.ssr && this.environment?.name !== 'ssr') return STUB;
    if (id === 'react-relay/hooks' && !options?.ssr && this.environment?.name !== 'ssr') return CLIENT_RELAY_HOOKS;
    return null;
  },
  transform(code, id, options) {
    if (options?.ssr || this.environment?.name === 'ssr') return null;
    const unused = UNUSED_REQUIRES.filter((entry) => entry.file.test(id));
    const swapped = SWAPPED_REQUIRES.filter((entry) => entry.file.test(id));
    if (!unused.length && !swapped.length) return null;
    return code.replace(/require\((['"])(\.\/[^'"]+)\1\)/g, (call, _quote: string, path: string) => {
      if (unused.some((entry) => entry.requires.has(path))) return '{}';
      const swap = swapped.find((entry) => entry.from === path);
      return swap ? `require(${JSON.stringify(swap.to)})` : call;
    });
  },
  load(id, options) {
    if (id === STUB) return 'export default function serverOnly() { throw new Error("server only"); }';
    if (SERVER_ONLY_MODULE.test(id) && !options?.ssr && this.environment?.name !== 'ssr') return SERVER_ONLY_MODULE_STUB;
    return null;
  },
};

export default defineConfig({
  plugins: [featureIndexes(), serverOnlyPackages, vike(), react(), relayBabel, relayArtifactsArePure, cssModulesWithTheirComponent, routeViewStyles(PROJECT_ROOT)],
  // Generated artifacts and JSON resources are plain modules; nothing else to configure.
  // BUILD_SOURCEMAP=true: maps for bundle analysis (which module costs what), never in a release build.
  // modulePreload off: Vite would put the dependency list of every lazily loaded chunk (every page, the route
  // page's views) into the entry as `__vite__mapDeps` — 3.5 KB gzip on the product page, growing with each page.
  // Vike still preloads the page's own files from the HTML; a later chunk's imports load when it does.
  build: { target: 'es2022', sourcemap: process.env.BUILD_SOURCEMAP === 'true', modulePreload: false },
});
