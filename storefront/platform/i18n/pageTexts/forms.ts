import de from '../de/forms.json';
import fr from '../fr/forms.json';
import it from '../it/forms.json';
import type { PageTexts } from '../pageTexts';

/** The 'forms' namespace: every form's validation texts in de, it, fr (bundled only into the chunks of forms). */
export const formsTexts: PageTexts = { de, it, fr };
