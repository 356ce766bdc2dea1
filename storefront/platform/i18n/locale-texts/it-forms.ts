import account from '../it/account.json';
import checkout from '../it/checkout.json';
import customer from '../it/customer.json';

/** The texts of the checkout, account and customer pages in one language: loaded only by pages with their forms. */
export default { checkout, account, customer };
