import de from '../de/review.json';
import fr from '../fr/review.json';
import it from '../it/review.json';
import type { PageTexts } from '../pageTexts';

/** The 'review' namespace (the product page's review form) in de, it, fr: server-rendered, or loaded with the form. */
export const reviewTexts: PageTexts = { de, it, fr };
