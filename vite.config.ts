import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// Relay's graphql`` tags must become artifact imports: without the transform the build still succeeds
// but SSR silently renders the Suspense fallback (STACK.md). Only storefront sources carry them
// (vitest.config.ts repeats this plugin for component tests).
const relayBabel = babel({
  include: [/[\\/]storefront[\\/].*\.[jt]sx?$/],
  plugins: [['babel-plugin-relay', { eagerEsModules: true }]],
});

// sanitize-html (~70 KB gzip) runs on the server only; the browser sanitizes with its own DOMParser
// (components/ShopHtml.tsx). Its import resolves to an empty stub in the client bundle.
const SERVER_ONLY = new Set(['sanitize-html']);
const STUB = '\0shop-server-only-stub';
// Modules only the server render calls (+Wrapper.tsx picks serverI18n under import.meta.env.SSR, which the
// bundler does not prune before it follows the import): in the browser serverI18n would pull in every
// language's texts through i18n/index.ts. A stub keeps them out once the browser's own i18n loads only the
// page language (ADR 0011, Consequences).
const SERVER_ONLY_MODULE = /[\\/]storefront[\\/]i18n[\\/]serverI18n\.ts$/;
const SERVER_ONLY_MODULE_STUB = 'export function serverI18n() { throw new Error("server only"); }';
// The browser gets a slice of react-relay/hooks: only the hooks the storefront uses (relay/clientRelayHooks.js).
const CLIENT_RELAY_HOOKS = fileURLToPath(new URL('./storefront/relay/clientRelayHooks.js', import.meta.url));
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
];
const serverOnlyPackages: Plugin = {
  name: 'shop:server-only-packages',
  enforce: 'pre',
  resolveId(id, _importer, options) {
    if (SERVER_ONLY.has(id) && !options?.ssr && this.environment?.name !== 'ssr') return STUB;
    if (id === 'react-relay/hooks' && !options?.ssr && this.environment?.name !== 'ssr') return CLIENT_RELAY_HOOKS;
    return null;
  },
  transform(code, id, options) {
    const unused = UNUSED_REQUIRES.find((entry) => entry.file.test(id));
    if (!unused || options?.ssr || this.environment?.name === 'ssr') return null;
    return code.replace(/require\((['"])(\.\/[^'"]+)\1\)/g, (call, _quote: string, path: string) => (unused.requires.has(path) ? '{}' : call));
  },
  load(id, options) {
    if (id === STUB) return 'export default function serverOnly() { throw new Error("server only"); }';
    if (SERVER_ONLY_MODULE.test(id) && !options?.ssr && this.environment?.name !== 'ssr') return SERVER_ONLY_MODULE_STUB;
    return null;
  },
};

export default defineConfig({
  plugins: [serverOnlyPackages, vike(), react(), relayBabel],
  // Generated artifacts and JSON resources are plain modules; nothing else to configure.
  // BUILD_SOURCEMAP=true: maps for bundle analysis (which module costs what), never in a release build.
  // modulePreload off: Vite would put the dependency list of every lazily loaded chunk (every page, the route
  // page's views) into the entry as `__vite__mapDeps` — 3.5 KB gzip on the product page, growing with each page.
  // Vike still preloads the page's own files from the HTML; a later chunk's imports load when it does.
  build: { target: 'es2022', sourcemap: process.env.BUILD_SOURCEMAP === 'true', modulePreload: false },
});
