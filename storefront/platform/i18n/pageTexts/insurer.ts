import de from '../de/insurer.json';
import fr from '../fr/insurer.json';
import it from '../it/insurer.json';
import type { PageTexts } from '../pageTexts';

/** The 'insurer' page namespace in de, it, fr (bundled only into the pages that use it). */
export const insurerTexts: PageTexts = { de, it, fr };
