import de from '../de/cms.json';
import fr from '../fr/cms.json';
import it from '../it/cms.json';
import type { PageTexts } from '../pageTexts';

/** The 'cms' page namespace in de, it, fr: texts of CMS elements (bundled only into the pages that show CMS pages). */
export const cmsTexts: PageTexts = { de, it, fr };
