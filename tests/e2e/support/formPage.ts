import type { Locator, Page } from '@playwright/test';

// Shared by the issue 18 specs (the shop's forms with JavaScript off or late): a kit form and its fields by the
// names the server reads, and a slow phone's network that holds the page's scripts back.

/** A kit form by its name (`data-form`, ADR 0023). */
export const kitForm = (page: Page, form: string): Locator => page.locator(`form[data-form="${form}"]`);

/** A field of a kit form by its name (the key the server reads). */
export const named = (page: Page, form: string, name: string): Locator => page.locator(`form[data-form="${form}"] [name="${name}"]`);

/** Holds the page's scripts back (a slow phone's network) until the returned function releases them. */
export async function holdPageScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
