import de from '../de/contest.json';
import fr from '../fr/contest.json';
import it from '../it/contest.json';
import type { PageTexts } from '../pageTexts';

/** The 'contest' page namespace in de, it, fr (bundled only into the pages that use it). */
export const contestTexts: PageTexts = { de, it, fr };
