import account from '../it/account.json';
import cart from '../it/cart.json';
import catalog from '../it/catalog.json';
import checkout from '../it/checkout.json';
import common from '../it/common.json';
import customer from '../it/customer.json';
import product from '../it/product.json';
import shell from '../it/shell.json';

/** The shell's namespaces in one language: the browser loads only the page's language (browserI18n.ts). */
export default { common, shell, catalog, product, cart, checkout, account, customer };
