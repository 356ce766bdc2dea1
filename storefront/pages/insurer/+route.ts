import { isInsurerPage } from '../../platform/navigation/insurerPaths';

// /versicherte, /it/assicurati, /fr/assures (not a CONTENT_PAGES entry: the insurer landing page).
export default isInsurerPage;
