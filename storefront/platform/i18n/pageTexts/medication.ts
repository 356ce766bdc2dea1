import de from '../de/medication.json';
import fr from '../fr/medication.json';
import it from '../it/medication.json';
import type { PageTexts } from '../pageTexts';

/** The 'medication' page namespace in de, it, fr (bundled only into the pages that use it). */
export const medicationTexts: PageTexts = { de, it, fr };
