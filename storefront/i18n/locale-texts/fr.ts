import account from '../fr/account.json';
import cart from '../fr/cart.json';
import catalog from '../fr/catalog.json';
import checkout from '../fr/checkout.json';
import common from '../fr/common.json';
import customer from '../fr/customer.json';
import product from '../fr/product.json';
import shell from '../fr/shell.json';

/** The shell's namespaces in one language: the browser loads only the page's language (browserI18n.ts). */
export default { common, shell, catalog, product, cart, checkout, account, customer };
