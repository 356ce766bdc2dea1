import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '../../gateway/src/plugins/upload-limits';
import { pickupDateBounds } from '../../storefront/features/prescriptions/prescriptionForms';
import { seededMemberNumbers } from '../../store-api/src/seed/insurer';
import { openFormPostShop, type ShownAgain } from '../support/formPostShop';
import type { TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';
import { pngBytes, PDF } from '../support/sampleFiles';

// The content and service pages' forms without JavaScript (server/forms/content.ts, ADR 0023) with the real gateway
// over the embedded Store API: the contest entry, a poll vote, the prescription delivery and pickup — the pickup as
// multipart/form-data with its files, within the gateway's upload limits — and the insurance number. A refusal
// renders the page again (here: recorded) with what was sent; success is a 303 to the page showing the result.
// The browser journeys are in tests/e2e/without-javascript-content.spec.ts.

let shop: TestGateway;
let app: Hono;
let shownAgain: ShownAgain[];

beforeAll(async () => {
  // a copy of the seeded shop of its own: these forms write entries, votes and requests
  ({ shop, app, shownAgain } = await openFormPostShop());
});
afterAll(() => shop?.close());

const SHOP = { origin: ORIGIN };

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = SHOP) {
  return app.fetch(
    new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() }),
  );
}

/** A multipart form post as a browser sends it (with its length), files as [name, file]. */
function postMultipart(path: string, fields: Record<string, string>, files: Array<[string, File]>, headers: Record<string, string> = SHOP) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of files) form.append(name, file);
  return postFormData(path, form, headers);
}

async function postFormData(path: string, form: FormData, headers: Record<string, string> = SHOP) {
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength), ...headers },
      body,
    }),
  );
}

function readShop<T>(sql: string, ...params: unknown[]): T[] {
  return shop.db.prepare(sql).all(...params) as T[];
}

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;

describe('the contest without JavaScript', () => {
  const entry = { _form: 'contest', firstName: 'Lea', lastName: 'Frei', answerId: 'doors-24', acceptTerms: 'on', newsletter: 'on' };

  it('SPEC §5 refusals on the French page: every value kept, the problems by field, the Store API not asked', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const answer = await post('/fr/concours', { ...entry, email: 'lea@', acceptTerms: '' });
    expect(answer.status).toBe(422);
    const { _form, ...values } = entry;
    expect(shownAgain).toEqual([
      {
        url: `${ORIGIN}/fr/concours`,
        method: 'GET',
        formPost: { form: 'contest', values: { ...values, email: 'lea@', acceptTerms: '' }, problems: { email: 'email', acceptTerms: 'terms' }, errors: [] },
      },
    ]);
    expect(shop.storeCalls.count).toBe(0);
  });

  it('entered: 303 to the confirmation (with the newsletter line); the entry is stored; the same address again is refused in French', async () => {
    const email = unique('concours');
    shownAgain.length = 0;
    const answer = await post('/fr/concours', { ...entry, email });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/fr/concours?contest=entered&newsletter=1');
    expect(shownAgain).toHaveLength(0);
    expect(readShop<{ answer: string }>('SELECT answer FROM contest_entry WHERE email = ?', email)).toEqual([{ answer: 'doors-24' }]);

    const without = await post('/wettbewerb', { ...entry, newsletter: '', email: unique('wettbewerb') });
    expect(without.headers.get('location')).toBe('/wettbewerb?contest=entered');

    const again = await post('/fr/concours', { ...entry, email: email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ code: 'CONTEST_ALREADY_ENTERED', message: expect.stringMatching(/concours/) })]);
    expect(shownAgain[0]!.formPost.values.email).toBe(email.toUpperCase());
  });
});

describe('a poll vote without JavaScript', () => {
  it('no answer chosen: the article again with the poll’s problem; then a vote: 303 to the article with its results, counted once', async () => {
    const list = await shop.gql('{ magazine(locale: DE, category: "Prävention") { articles { url } } }');
    const path = list.body.data.magazine.articles[0].url as string;
    const { body } = await shop.gql('query ($path: String!) { article(path: $path) { articleId poll { options { id } } } }', { path });
    const { articleId, poll } = body.data.article as { articleId: string; poll: { options: Array<{ id: string }> } };
    const votes = () => readShop<{ n: number }>('SELECT COUNT(*) AS n FROM poll_vote WHERE article_id = ?', articleId)[0]!.n;
    const before = votes();

    shownAgain.length = 0;
    expect((await post(path, { _form: 'poll', articleId })).status).toBe(422);
    expect(shownAgain[0]).toEqual({ url: `${ORIGIN}${path}`, method: 'GET', formPost: { form: 'poll', values: { optionId: '' }, problems: { optionId: 'chooseOption' }, errors: [] } });

    const voted = await post(path, { _form: 'poll', articleId, optionId: poll.options[1]!.id });
    expect(voted.status).toBe(303);
    expect(voted.headers.get('location')).toBe(`${path}?poll=voted`);
    // the vote opened the session that shows the results
    expect(voted.headers.getSetCookie().join(';')).toContain('sw-context-token=');
    expect(votes()).toBe(before + 1);
  });
});

const PERSON = { firstName: 'Lea', lastName: 'Frei', phone: '+41 44 123 45 67', birthday: '', comment: '' };

describe('the prescription delivery without JavaScript', () => {
  it('a bad postal code is refused with every value kept; sent: 303 to the request number, the request stored', async () => {
    const email = unique('lieferung');
    const delivery = { _form: 'prescription-delivery', ...PERSON, email, street: 'Bahnhofstrasse 1', zipcode: '800', city: 'Zürich', country: 'CH' };
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/it/medicinali', delivery)).status).toBe(422);
    const { _form, ...values } = delivery;
    expect(shownAgain[0]).toEqual({ url: `${ORIGIN}/it/medicinali`, method: 'GET', formPost: { form: 'prescription-delivery', values, problems: { zipcode: 'postalCode' }, errors: [] } });
    expect(shop.storeCalls.count).toBe(0);

    const sent = await post('/it/medicinali', { ...delivery, zipcode: '8001' });
    expect(sent.status).toBe(303);
    const [row] = readShop<{ request_number: string; kind: string }>('SELECT request_number, kind FROM prescription_request WHERE email = ?', email);
    expect(row).toMatchObject({ kind: 'delivery' });
    expect(sent.headers.get('location')).toBe(`/it/medicinali?prescription=delivery&number=${row!.request_number}`);
  });
});

const png = (name: string) => new File([new Uint8Array(pngBytes())], name, { type: 'image/png' });
const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' });

describe('the prescription pickup without JavaScript (multipart, the gateway’s upload limits)', () => {
  let pharmacyId = '';
  const pickup = (email: string) => ({ _form: 'prescription-pickup', ...PERSON, email, pharmacyId, pickupDate: pickupDateBounds().min });
  const stored = (email: string) => readShop('SELECT id FROM prescription_request WHERE email = ?', email);

  beforeAll(async () => {
    const { body } = await shop.gql('{ pharmacies(first: 1) { pharmacyId } }');
    pharmacyId = body.data.pharmacies[0].pharmacyId as string;
  });

  it('sent with a PNG card and a PDF and a PNG prescription: 303 to the request number and date; the request and its files stored', async () => {
    const email = unique('abholung');
    shownAgain.length = 0;
    const answer = await postMultipart('/medikamente', pickup(email), [
      ['insuranceCard', png('karte.png')],
      ['prescriptions', pdf('rezept.pdf')],
      ['prescriptions', png('rezept-2.png')],
    ]);
    expect(shownAgain).toEqual([]);
    expect(answer.status).toBe(303);
    const [row] = readShop<{ id: string; request_number: string; pickup_date: string }>('SELECT id, request_number, pickup_date FROM prescription_request WHERE email = ?', email);
    expect(answer.headers.get('location')).toBe(`/medikamente?prescription=pickup&number=${row!.request_number}&date=${row!.pickup_date}`);
    expect(readShop('SELECT role, mime_type FROM prescription_file WHERE request_id = ? ORDER BY role, mime_type', row!.id)).toEqual([
      { role: 'insurance_card', mime_type: 'image/png' },
      { role: 'prescription', mime_type: 'application/pdf' },
      { role: 'prescription', mime_type: 'image/png' },
    ]);
  });

  it('an oversized file: the form’s own size check refuses it, the text kept, the Store API not asked, nothing stored', async () => {
    const email = unique('zu-gross');
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const tooLarge = new File([Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1, 1)], 'rezept.pdf', { type: 'application/pdf' });
    const answer = await postMultipart('/fr/medicaments', pickup(email), [
      ['insuranceCard', png('karte.png')],
      ['prescriptions', tooLarge],
    ]);
    expect(answer.status).toBe(422);
    const { _form, ...values } = pickup(email);
    expect(shownAgain[0]).toEqual({ url: `${ORIGIN}/fr/medicaments`, method: 'GET', formPost: { form: 'prescription-pickup', values, problems: { prescriptions: 'fileSize' }, errors: [] } });
    expect(shop.storeCalls.count).toBe(0);
    expect(stored(email)).toEqual([]);
  });

  it('a text file named .png: the Store API reads the content and refuses it, in French beside the file, nothing stored', async () => {
    const email = unique('kein-bild');
    shownAgain.length = 0;
    const fake = new File(['nur Text, kein Bild\n'], 'rezept.png', { type: 'image/png' });
    const answer = await postMultipart('/fr/medicaments', pickup(email), [
      ['insuranceCard', png('karte.png')],
      ['prescriptions', fake],
    ]);
    expect(answer.status).toBe(422);
    expect(shownAgain[0]!.formPost.values.email).toBe(email);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'prescriptions.0', message: expect.stringMatching(/PDF.*PNG/) })]);
    expect(shownAgain[0]!.formPost.errors![0]!.message).toMatch(/fichier|Fichier/);
    expect(stored(email)).toEqual([]);
  });

  it('no files chosen (empty file inputs): the form’s problems; too many files or a foreign page: refused before anything runs', async () => {
    const email = unique('ohne-datei');
    const emptyInput = new File([], '', { type: 'application/octet-stream' });
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await postMultipart('/medikamente', pickup(email), [['insuranceCard', emptyInput], ['prescriptions', emptyInput]])).status).toBe(422);
    expect(shownAgain[0]!.formPost.problems).toEqual({ insuranceCard: 'fileRequired', prescriptions: 'fileRequired' });

    shownAgain.length = 0;
    const many = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ['prescriptions', png(`rezept-${i}.png`)] as [string, File]);
    expect((await postMultipart('/medikamente', pickup(email), many)).status).toBe(413);
    const foreign = await postMultipart('/it/medicinali', pickup(email), [['insuranceCard', png('karte.png')]], { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    // a form that takes no files does not take multipart
    expect((await postMultipart('/medikamente', { _form: 'prescription-delivery', ...PERSON, email }, [])).status).toBe(415);
    expect((await postMultipart('/login', { _form: 'login', email, password: 'x' }, [])).status).toBe(415);
    // a body cut off in the middle of a file, and one without its length
    const cut = new TextEncoder().encode('--cut\r\nContent-Disposition: form-data; name="_form"\r\n\r\nprescription-pickup\r\n--cut\r\nContent-Disposition: form-data; name="prescriptions"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG');
    const multipart = (body: Uint8Array<ArrayBuffer>, length: Record<string, string>) =>
      app.fetch(new Request(`${ORIGIN}/medikamente`, { method: 'POST', headers: { ...SHOP, 'content-type': 'multipart/form-data; boundary=cut', ...length }, body }));
    expect((await multipart(cut, { 'content-length': String(cut.byteLength) })).status).toBe(400);
    expect((await multipart(cut, {})).status).toBe(411);
    // a flood of empty, nameless parts: refused as soon as they pass what a 16 KB form could carry
    const flood = new FormData();
    for (let i = 0; i < 20_000; i++) flood.append('', '');
    expect((await postFormData('/medikamente', flood)).status).toBe(413);
    expect(shownAgain).toEqual([]);
    expect(shop.storeCalls.count).toBe(0);
    expect(stored(email)).toEqual([]);
  });
});

describe('the insurance number without JavaScript', () => {
  const member = seededMemberNumbers().find((candidate) => !candidate.plan)!.number;

  it('a malformed number: its problem, the number kept; logged out: the gateway’s refusal in Italian', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/it/assicurati', { _form: 'insurer', insuranceNumber: '12345' })).status).toBe(422);
    expect(shownAgain[0]).toEqual({ url: `${ORIGIN}/it/assicurati`, method: 'GET', formPost: { form: 'insurer', values: { insuranceNumber: '12345' }, problems: { insuranceNumber: 'invalid' }, errors: [] } });
    expect(shop.storeCalls.count).toBe(0);

    shownAgain.length = 0;
    expect((await post('/it/assicurati', { _form: 'insurer', insuranceNumber: member })).status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ code: 'NOT_LOGGED_IN' })]);
  });

  it('a logged-in customer with a member number: 303 back to the page, the insurance stored', async () => {
    const email = unique('versichert');
    const password = 'Sicher-12345';
    const { body } = await shop.gql('{ countries { id iso } }');
    const countryId = (body.data.countries as Array<{ id: string; iso: string }>).find((country) => country.iso === 'CH')!.id;
    const registered = await shop.gql('mutation ($input: RegisterInput!) { register(input: $input) { errors { code } } }', {
      input: {
        guest: false,
        email,
        password,
        firstName: 'Vera',
        lastName: 'Sichert',
        billingAddress: { firstName: 'Vera', lastName: 'Sichert', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId },
        acceptedDataProtection: true,
      },
    });
    expect(registered.body.data.register.errors).toEqual([]);
    const mail = readShop<{ body: string }>("SELECT body_text AS body FROM mail_outbox WHERE recipient = ? AND template = 'customer_register.double_opt_in'", email)[0]!;
    const link = new URL(/https?:\/\/[^\s<>"]+/.exec(mail.body)![0]);
    await shop.gql('mutation ($input: ConfirmRegistrationInput!) { confirmRegistration(input: $input) { errors { code } } }', {
      input: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') },
    });
    const login = await post('/login', { _form: 'login', email, password });
    expect(login.status).toBe(303);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const verified = await post('/versicherte', { _form: 'insurer', insuranceNumber: member }, { ...SHOP, cookie });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe('/versicherte');
    expect(readShop('SELECT c.email FROM customer_insurance i JOIN customer c ON c.id = i.customer_id WHERE c.email = ?', email)).toEqual([{ email }]);
  });
});
