import de from '../de/content.json';
import fr from '../fr/content.json';
import it from '../it/content.json';
import type { PageTexts } from '../pageTexts';

/** The 'content' page namespace in de, it, fr (bundled only into the pages that use it). */
export const contentTexts: PageTexts = { de, it, fr };
