import cart from '../de/cart.json';
import catalog from '../de/catalog.json';
import common from '../de/common.json';
import product from '../de/product.json';
import shell from '../de/shell.json';

/** The shell's and the catalogue's texts in one language: every page loads them (browserI18n.ts). */
export default { common, shell, catalog, product, cart };
