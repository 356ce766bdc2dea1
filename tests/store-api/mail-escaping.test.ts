import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MAIL_TEMPLATE } from '../../store-api/src/domain/contact';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, type OutboxMail } from './account-session';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper, uniqueEmail } from './checkout-fixtures';

// Every mail the shop writes, with hostile shopper text in the name, street and company (issue 25 defect 2: the
// order confirmation's greeting once went out unescaped). Each mail's HTML part must show the text escaped and
// hold none of its tags; the plain-text part keeps what was typed (it is never read as HTML).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const FIRST = '<img src=x onerror=alert(1)>';
const LAST = '</style><script>x</script>';
const STREET = '"><a href=//evil>';
const COMPANY = '<img src=x onerror=alert(1)>';
const hostileAddress = () => address({ firstName: FIRST, lastName: LAST, street: STREET, company: COMPANY });

function latestMail(where: string, ...params: unknown[]): OutboxMail {
  const mail = shop.db.prepare(`SELECT * FROM mail_outbox WHERE ${where} ORDER BY rowid DESC LIMIT 1`).get(...params) as OutboxMail | undefined;
  if (!mail) throw new Error(`no mail where ${where}`);
  return mail;
}

/** What every mail with the hostile name must show: escaped in HTML, no raw tag anywhere in it, typed text in the text part. */
function expectEscaped(mail: OutboxMail): void {
  expect(mail.body_html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(mail.body_html).toContain('&lt;/style&gt;&lt;script&gt;x&lt;/script&gt;');
  expect(mail.body_html).not.toMatch(/<img|<script|<\/style>|<a href=\/\/evil|"><a/i);
  expect(mail.body_text).toContain(`${FIRST} ${LAST}`);
  expect(mail.subject).not.toMatch(/<img|<script/i);
}

const templates: [string, () => Promise<OutboxMail>][] = [
  [
    'registration (customer_register.double_opt_in)',
    async () => {
      const email = uniqueEmail('reg');
      const res = await shopper(shop.call).call('POST', '/account/register', {
        body: { email, password: 'Sicher-123', firstName: FIRST, lastName: LAST, acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: hostileAddress() },
      });
      expect(res.status, res.text).toBe(200);
      return latestMail("recipient = ? AND template = 'customer_register.double_opt_in'", email);
    },
  ],
  [
    'password recovery (customer.recovery.request)',
    async () => {
      const email = await activeAccount(shop, { extra: { firstName: FIRST, lastName: LAST, billingAddress: hostileAddress() } });
      const res = await shopper(shop.call).call('POST', '/account/recovery-password', { body: { email, storefrontUrl: 'http://shop.test' } });
      expect(res.status, res.text).toBe(200);
      return latestMail("recipient = ? AND template = 'customer.recovery.request'", email);
    },
  ],
  [
    'order confirmation (order_confirmation_mail) of a guest order',
    async () => {
      const s = shopper(shop.call);
      const guest = await registerGuest(s, { firstName: FIRST, lastName: LAST, billingAddress: hostileAddress() });
      await addProduct(s, findProduct(shop.db, 'delivery').id);
      await choosePayment(s, 'card');
      const res = await placeOrder(s);
      expect(res.status, res.text).toBe(200);
      return latestMail("recipient = ? AND template = 'order_confirmation_mail'", guest.email);
    },
  ],
  [
    'newsletter confirmation',
    async () => {
      const email = uniqueEmail('news');
      const res = await shopper(shop.call).call('POST', '/newsletter/subscribe', {
        body: { email, option: 'subscribe', storefrontUrl: 'http://shop.test', firstName: FIRST, lastName: LAST, street: STREET },
      });
      expect(res.status, res.text).toBe(200);
      return latestMail('recipient = ?', email);
    },
  ],
  [
    'contact form message to the service address',
    async () => {
      const email = uniqueEmail('kontakt');
      const res = await shopper(shop.call).call('POST', '/contact-form', {
        body: { firstName: FIRST, lastName: LAST, email, subject: 'Lieferung', comment: `${STREET} ${COMPANY}` },
      });
      expect(res.status, res.text).toBe(200);
      return latestMail('template = ? AND body_text LIKE ?', CONTACT_MAIL_TEMPLATE, `%${email}%`);
    },
  ],
  [
    'contest entry confirmation',
    async () => {
      const email = uniqueEmail('wettbewerb');
      const res = await shopper(shop.call).call('POST', '/contest/entry', {
        body: { firstName: FIRST, lastName: LAST, email, answerId: 'doors-24', acceptTerms: true, storefrontUrl: 'http://shop.test' },
      });
      expect(res.status, res.text).toBe(200);
      return latestMail("recipient = ? AND template LIKE 'contest%'", email);
    },
  ],
  [
    'prescription delivery confirmation (prescription.delivery)',
    async () => {
      const email = uniqueEmail('rezept');
      const res = await shopper(shop.call).call('POST', '/prescription/delivery', {
        body: { firstName: FIRST, lastName: LAST, email, phone: '091 123 45 67', birthday: '1970-05-04', street: STREET, zipcode: '6900', city: 'Lugano', country: 'CH', comment: COMPANY },
      });
      expect(res.status, res.text).toBe(200);
      return latestMail("recipient = ? AND template = 'prescription.delivery'", email);
    },
  ],
];

describe('hostile names, streets and companies in every mail come out escaped', () => {
  it.each(templates)('%s', async (_template, send) => {
    expectEscaped(await send());
  });
});
