// The insurer feature as other features and pages see it: import it from here, never from its files.
export { InsurerDiscountNote } from './InsurerDiscountNote';
export { InsurerOffer } from './InsurerOffer';
export { INSURER_PAGE_PATHS, insurerPageAlternates, insurerPagePath, isInsurerPage } from './insurerPaths';
export { InsurerVerification } from './InsurerVerification';
