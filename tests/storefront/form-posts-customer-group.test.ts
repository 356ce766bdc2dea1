import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_GROUP_DEFAULT_ID, CUSTOMER_GROUP_PROFESSIONALS_ID } from '../../store-api/src/known-ids';
import { openFormPostShop, type ShownAgain } from '../support/formPostShop';
import type { TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// The customer group registration page type (SPEC §2): its form, posted without JavaScript (ADR 0023), registers an
// account that REQUESTS the group of the page; the customer stays in the shop's default group until the shop decides.

let shop: TestGateway;
let app: Hono;
let shownAgain: ShownAgain[];
beforeAll(async () => {
  ({ shop, app, shownAgain } = await openFormPostShop());
});
afterAll(() => shop?.close());

const PAGE = `/customer-group-registration/${CUSTOMER_GROUP_PROFESSIONALS_ID}`;

function post(path: string, fields: Record<string, string>) {
  return app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

async function registration(email: string): Promise<Record<string, string>> {
  const { body } = await shop.gql('{ countries { id iso } }');
  const countryId = (body.data.countries as Array<{ id: string; iso: string }>).find((country) => country.iso === 'CH')!.id;
  return {
    _form: 'customer-group-registration',
    email,
    password: 'Praxis-12345',
    passwordConfirmation: 'Praxis-12345',
    'billingAddress.salutationId': '',
    'billingAddress.company': 'Praxis Dr. Meier',
    'billingAddress.firstName': 'Anna',
    'billingAddress.lastName': 'Meier',
    'billingAddress.street': 'Spitalgasse 4',
    'billingAddress.zipcode': '3011',
    'billingAddress.city': 'Bern',
    'billingAddress.countryId': countryId,
    'billingAddress.phoneNumber': '',
    acceptedDataProtection: 'on',
  };
}

const customerOf = (email: string) =>
  shop.db.prepare('SELECT customer_group_id AS groupId, requested_customer_group_id AS requestedGroupId, active FROM customer WHERE email = ?').get(email) as
    | { groupId: string; requestedGroupId: string | null; active: number }
    | undefined;

describe('a customer group’s registration page without JavaScript', () => {
  it('registers the account requesting the page’s group, in the default group until the shop accepts, then the double opt-in message', async () => {
    const email = `praxis-${Date.now()}@example.ch`;
    const answer = await post(`/it${PAGE}`, await registration(email));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/it${PAGE}?registered=1`);
    expect(customerOf(email)).toEqual({ groupId: CUSTOMER_GROUP_DEFAULT_ID, requestedGroupId: CUSTOMER_GROUP_PROFESSIONALS_ID, active: 0 });
  });

  it('a refusal shows the group’s page again with the fields but the passwords', async () => {
    shownAgain.length = 0;
    const fields = { ...(await registration(`praxis-refused-${Date.now()}@example.ch`)), passwordConfirmation: 'Praxis-99999' };
    expect((await post(PAGE, fields)).status).toBe(422);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}${PAGE}`, method: 'GET' });
    expect(shownAgain[0]!.formPost).toMatchObject({ form: 'customer-group-registration', problems: { passwordConfirmation: 'passwordsDiffer' } });
    expect(JSON.stringify(shownAgain[0]!.formPost)).not.toContain('Praxis-12345');
  });

  it('a group without an open registration is refused, and nobody is registered', async () => {
    const email = `praxis-closed-${Date.now()}@example.ch`;
    shownAgain.length = 0;
    expect((await post(`/customer-group-registration/${CUSTOMER_GROUP_DEFAULT_ID}`, await registration(email))).status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'requestedGroupId' })]);
    expect(customerOf(email)).toBeUndefined();
  });

  it('the page’s texts come from the group, in the page’s language; a group without registration has no page', async () => {
    const query = 'query ($id: String!) { customerGroupRegistration(customerGroupId: $id, locale: FR) { customerGroupId title introductionHtml } }';
    const open = await shop.gql(query, { id: CUSTOMER_GROUP_PROFESSIONALS_ID });
    expect(open.body.data.customerGroupRegistration).toMatchObject({ customerGroupId: CUSTOMER_GROUP_PROFESSIONALS_ID, title: 'Inscription pour les professionnels de la santé' });
    expect(open.body.data.customerGroupRegistration.introductionHtml).toContain('médecins');
    const closed = await shop.gql(query, { id: CUSTOMER_GROUP_DEFAULT_ID });
    expect(closed.body.data.customerGroupRegistration).toBeNull();
  });
});
