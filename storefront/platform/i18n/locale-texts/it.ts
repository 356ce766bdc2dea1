import cart from '../it/cart.json';
import catalog from '../it/catalog.json';
import common from '../it/common.json';
import product from '../it/product.json';
import shell from '../it/shell.json';

/** The shell's and the catalogue's texts in one language: every page loads them (browserI18n.ts). */
export default { common, shell, catalog, product, cart };
