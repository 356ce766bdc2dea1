// The prescriptions feature as other features and pages see it: import it from here, never from its files.
export { PrescriptionDeliveryForm } from './PrescriptionDeliveryForm';
export { default as prescriptionFormsStyles } from './PrescriptionForms.module.css';
export { PrescriptionPickupForm } from './PrescriptionPickupForm';
