// The insurer feature as other features and pages see it: import it from here, never from its files.
export { InsurerDiscountNote } from './InsurerDiscountNote';
export { InsurerOffer } from './InsurerOffer';
export { InsurerVerification } from './InsurerVerification';
