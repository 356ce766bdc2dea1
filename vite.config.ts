import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
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
const serverOnlyPackages: Plugin = {
  name: 'shop:server-only-packages',
  enforce: 'pre',
  resolveId(id, _importer, options) {
    if (SERVER_ONLY.has(id) && !options?.ssr && this.environment?.name !== 'ssr') return STUB;
    return null;
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
  build: { target: 'es2022' },
});
