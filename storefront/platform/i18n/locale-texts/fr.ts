import cart from '../fr/cart.json';
import catalog from '../fr/catalog.json';
import common from '../fr/common.json';
import product from '../fr/product.json';
import shell from '../fr/shell.json';

/** The shell's and the catalogue's texts in one language: every page loads them (browserI18n.ts). */
export default { common, shell, catalog, product, cart };
