import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsPastFeatureIndexes } from '../../storefront/platform/build/featureIndexes';

// ADR 0032: pages import features through their index.ts; the build reads those imports as imports of the modules
// the index names, so a page's bundle (and above all its CSS) is the one of direct imports.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readIndex = (folder: string) => (existsSync(join(folder, 'index.ts')) ? readFileSync(join(folder, 'index.ts'), 'utf8') : null);
const rewrite = (page: string) => {
  const file = join(ROOT, page);
  return importsPastFeatureIndexes(readFileSync(file, 'utf8'), file, readIndex) ?? '';
};
const importsOf = (code: string) => [...code.matchAll(/from '([^']+)'/g)].map(([, specifier]) => specifier ?? '');

describe('a page’s imports of feature indexes, as the build reads them', () => {
  it('the account page takes its parts, its rules and the shared form styles from their own files', () => {
    const code = rewrite('storefront/pages/account/+Page.tsx');
    expect(code).toContain("import { AccountAddresses } from '../../features/account/AccountAddresses';");
    expect(code).toContain("import { ACCOUNT_SAVED_PARAMETER, savedTextOf } from '../../features/account/accountAreaForms';");
    expect(code).toContain("import styles from '../../features/account/AccountForms.module.css';");
    expect(code).toContain("import { NewsletterSetting } from '../../features/newsletter/NewsletterSetting';");
    expect(importsOf(code)).not.toContain('../../features/account');
  });

  it('every module a page is sent to exists', () => {
    for (const page of ['cart', 'checkout', 'wishlist', 'insurer', 'medications', 'newsletter']) {
      const file = join(ROOT, `storefront/pages/${page}/+Page.tsx`);
      const code = rewrite(`storefront/pages/${page}/+Page.tsx`);
      const featureImports = importsOf(code).filter((specifier) => specifier.includes('/features/'));
      expect(featureImports.length, page).toBeGreaterThan(0);
      for (const specifier of featureImports) {
        const target = resolve(dirname(file), specifier);
        expect(['', '.ts', '.tsx'].some((ext) => existsSync(target + ext)), `${page}: ${specifier}`).toBe(true);
      }
    }
  });

  it('leaves type imports and imports of other folders as they are', () => {
    const file = join(ROOT, 'storefront/pages/x/+Page.tsx');
    const code = "import type { CartPageView } from '../../features/cart';\nimport { PageSeo } from '../../platform/seo/PageSeo';\n";
    expect(importsPastFeatureIndexes(code, file, readIndex)).toBeNull();
  });
});
