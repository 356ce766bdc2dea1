import { distance } from 'fastest-levenshtein';
import { builder, languageIdFor, LocaleEnum } from './builder';
import { CategoryRef, localizedCategory, mainMenu, shown, type ShopwareCategory } from './category';

// What a search without results offers instead (issue 20): the shop's categories whose names come closest to
// what was typed, spelling slips forgiven ("vitamim" → Vitamine, "erkaltung" → Erkältung), in the page's language.

/** Words of at least three letters, lower case and without accents. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
}

/** One typo in a short word, two in a longer one. */
function allowedSlips(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/**
 * How far a name is from the term: 0 when a word of one starts the other's ("vitamin" / "Vitamine"), else the
 * fewest typing slips between a word of each; null when they are too far apart to be what was meant.
 */
export function nameDistance(term: string, name: string): number | null {
  let best: number | null = null;
  for (const typed of wordsOf(term)) {
    for (const word of wordsOf(name)) {
      const prefix = word.startsWith(typed) || (typed.length >= 4 && typed.startsWith(word));
      const slips = prefix ? 0 : distance(typed, word.slice(0, typed.length + allowedSlips(typed)));
      if (slips <= allowedSlips(typed) && (best === null || slips < best)) best = slips;
    }
  }
  return best;
}

/** The categories closest to the term, nearest first, then by name. */
export function closestCategories(term: string, categories: readonly ShopwareCategory[], limit: number): ShopwareCategory[] {
  const seen = new Set<string>();
  return categories
    .flatMap((category) => {
      const name = category.translated?.name ?? category.name ?? '';
      const far = nameDistance(term, name);
      if (far === null || seen.has(name)) return [];
      seen.add(name);
      return [{ category, name, far }];
    })
    .sort((a, b) => a.far - b.far || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.category);
}

builder.queryField('searchAlternatives', (t) =>
  t.field({
    type: [CategoryRef],
    description:
      'Categories whose names come closest to a search term, typing slips forgiven, in the page’s language: what a search without results suggests (issue 20).',
    args: {
      term: t.arg.string({ required: true, description: 'What the shopper searched for.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language of the names (default: the request’s).' }),
      first: t.arg.int({ required: false, description: 'How many (default 6, at most 20).' }),
    },
    resolve: async (_root, args, ctx) => {
      const term = args.term.trim().slice(0, 255);
      if (!term) return [];
      const languageId = languageIdFor(ctx, args.locale);
      const menu = shown(await mainMenu(ctx, languageId));
      const categories = menu.flatMap((entry) => [entry, ...shown(entry.children)]);
      const limit = Math.min(Math.max(args.first ?? 6, 1), 20);
      return closestCategories(term, categories, limit).map((category) => localizedCategory(languageId, category));
    },
  }),
);
