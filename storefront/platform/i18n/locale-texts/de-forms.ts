import account from '../de/account.json';
import checkout from '../de/checkout.json';
import customer from '../de/customer.json';

/** The texts of the checkout, account and customer pages in one language: loaded only by pages with their forms. */
export default { checkout, account, customer };
