import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

// A page or feature imports another feature through its index.ts (ADR 0032). The bundler would then count every
// module the index names as the importer's: tree-shaking drops their unused code, but not the CSS of their CSS
// modules, which lands in a shared sheet every page links (measured: ~77 KB more CSS on each page). This plugin
// reads an index's named imports as imports of the modules the index takes them from, so the bundle is the one
// the direct imports would give; the code and the lint rule keep the index.

const FEATURE_INDEX = /[\\/]storefront[\\/]features[\\/][^\\/]+$/;
const SOURCE = /[\\/]storefront[\\/].*\.tsx?$/;
const NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])(\.[^'"]*)\3;?/g;
const INDEX_ENTRY = /^export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"];?\s*$/gm;

interface IndexEntry {
  /** the module the index takes the name from, relative to the index's folder ('./CartPageView') */
  module: string;
  /** the name the module exports it by ('default' for a CSS module's class names) */
  original: string;
}

/** An index's entries: exported name -> where it comes from. */
export function featureIndexEntries(indexSource: string): Map<string, IndexEntry> {
  const entries = new Map<string, IndexEntry>();
  for (const [, , names = '', module = ''] of indexSource.matchAll(INDEX_ENTRY))
    for (const name of names.split(',').map((part) => part.trim()).filter(Boolean)) {
      const [original = name, alias = original] = name.split(/\s+as\s+/);
      entries.set(alias, { module, original });
    }
  return entries;
}

/** `importer`'s imports of feature indexes, rewritten to the modules they name; null when there are none. */
export function importsPastFeatureIndexes(code: string, importer: string, readIndex: (folder: string) => string | null): string | null {
  let changed = false;
  const out = code.replace(NAMED_IMPORT, (statement, typeOnly: string | undefined, names: string, _quote: string, specifier: string) => {
    const folder = resolve(dirname(importer), specifier);
    if (!FEATURE_INDEX.test(folder) || typeOnly) return statement;
    const index = readIndex(folder);
    if (index === null) return statement;
    const entries = featureIndexEntries(index);
    const byModule = new Map<string, string[]>();
    const defaults: string[] = [];
    for (const part of names.split(',').map((name) => name.trim()).filter(Boolean)) {
      if (part.startsWith('type ')) continue; // erased by TypeScript
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      const entry = entries.get(imported);
      if (!entry) return statement; // not an entry of the index: leave the statement to fail as it would
      const path = relative(dirname(importer), join(folder, entry.module)).replaceAll('\\', '/');
      const module = path.startsWith('.') ? path : `./${path}`;
      if (entry.original === 'default') defaults.push(`import ${local} from '${module}';`);
      else byModule.set(module, [...(byModule.get(module) ?? []), entry.original === local ? local : `${entry.original} as ${local}`]);
    }
    changed = true;
    return [...defaults, ...[...byModule].map(([module, list]) => `import { ${list.join(', ')} } from '${module}';`)].join(' '); // one line, so that later source maps stay right
  });
  return changed ? out : null;
}

export function featureIndexes(): Plugin {
  return {
    name: 'shop:feature-indexes',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || /[\\/]index\.ts$/.test(file)) return null;
      const rewritten = importsPastFeatureIndexes(code, file, (folder) => {
        const index = join(folder, 'index.ts');
        return existsSync(index) ? readFileSync(index, 'utf8') : null;
      });
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
