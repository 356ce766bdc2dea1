// The customer service's phone number, given in mails and on the prescription pages. A module of its own, without
// imports, so texts built when their module loads can always read it (no import cycle can leave it undefined).
export const CUSTOMER_SERVICE_PHONE = '0800 100 200';
