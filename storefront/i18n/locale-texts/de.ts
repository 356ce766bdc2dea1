import account from '../de/account.json';
import cart from '../de/cart.json';
import catalog from '../de/catalog.json';
import checkout from '../de/checkout.json';
import common from '../de/common.json';
import customer from '../de/customer.json';
import product from '../de/product.json';
import shell from '../de/shell.json';

/** The shell's namespaces in one language: the browser loads only the page's language (browserI18n.ts). */
export default { common, shell, catalog, product, cart, checkout, account, customer };
