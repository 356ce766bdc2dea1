// A catalogue page: no checkout, account or customer texts in the browser (storefront/platform/i18n/browserI18n.ts).
export default false;
