import de from '../de/legal.json';
import fr from '../fr/legal.json';
import it from '../it/legal.json';
import type { PageTexts } from '../pageTexts';

/** The 'legal' page namespace in de, it, fr (bundled only into the pages that use it). */
export const legalTexts: PageTexts = { de, it, fr };
