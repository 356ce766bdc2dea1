import de from '../de/brand.json';
import fr from '../fr/brand.json';
import it from '../it/brand.json';
import type { PageTexts } from '../pageTexts';

/** The 'brand' page namespace in de, it, fr (bundled only into the pages that use it). */
export const brandTexts: PageTexts = { de, it, fr };
