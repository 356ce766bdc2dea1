import de from '../de/pharmacy.json';
import fr from '../fr/pharmacy.json';
import it from '../it/pharmacy.json';
import type { PageTexts } from '../pageTexts';

/** The 'pharmacy' page namespace in de, it, fr (bundled only into the pages that use it). */
export const pharmacyTexts: PageTexts = { de, it, fr };
