import account from '../fr/account.json';
import checkout from '../fr/checkout.json';
import customer from '../fr/customer.json';

/** The texts of the checkout, account and customer pages in one language: loaded only by pages with their forms. */
export default { checkout, account, customer };
