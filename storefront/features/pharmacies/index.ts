// The pharmacies feature as other features and pages see it: import it from here, never from its files.
export { finderParamsOf } from './finderUrl';
export { PharmacyDetailView } from './PharmacyDetailView';
export { PharmacyFinderView } from './PharmacyFinderView';
export type { PharmacyMapTiles } from './pharmacyMapTiles';
export { readPharmacyMapTiles } from './pharmacyMapTiles';
export { PharmacyChoiceList, PharmacyDialog, SelectedPharmacyBox } from './PharmacyPicker';
