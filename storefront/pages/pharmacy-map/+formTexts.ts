// No checkout, account or customer texts: the finder's texts are its own namespace (i18n/*/pharmacy.json).
export default false;
