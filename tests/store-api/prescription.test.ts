import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPickupDate, pickupDateRange, PRESCRIPTION_FILE_MAX_BYTES, prescriptionFolder } from '../../store-api/src/domain/prescriptions';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { loggedInAccount } from './account-session';
import { pngBytes as pngBuffer } from '../support/sampleFiles';

// Prescription services (SPEC §4/§5/§9): the delivery form (JSON) and the pickup request with uploads
// (multipart; PDF or PNG by content, ≤ 5 MB each), stored privately, confirmed by mail in the request's language.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Store API answers as JSON
type Json = any;
let shop: Shop;
let pharmacyId: string;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  pharmacyId = (shop.db.prepare('SELECT id FROM pharmacy ORDER BY name LIMIT 1').get() as { id: string }).id;
});
afterAll(() => shop?.close());

let ipCounter = 10;
function clientIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}


/** The shared sample PNG as this test's bodies take it. */
const pngBytes = (): Uint8Array => new Uint8Array(pngBuffer());
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const TEXT = new TextEncoder().encode('this is not an image, just text renamed to .png\n');

function nextWorkingDay(): string {
  return pickupDateRange().first;
}

function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Lea',
    lastName: 'Frei',
    email: `rezept-${Math.random().toString(36).slice(2)}@example.ch`,
    phone: '+41 44 123 45 67',
    pharmacyId,
    pickupDate: nextWorkingDay(),
    ...overrides,
  };
}

interface Part {
  bytes: Uint8Array;
  name: string;
  type: string;
}

async function pickup(
  values: Record<string, string>,
  files: { insuranceCard?: Part[]; prescriptions?: Part[] },
  options: { language?: string; ip?: string; token?: string } = {},
): Promise<{ status: number; json: Json }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const card of files.insuranceCard ?? []) form.append('insuranceCard', new File([card.bytes as Uint8Array<ArrayBuffer>], card.name, { type: card.type }));
  for (const p of files.prescriptions ?? []) form.append('prescriptions[]', new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type }));
  const res = await shop.app.fetch(
    new Request(`${ORIGIN}/store-api/prescription/pickup`, {
      method: 'POST',
      headers: {
        'sw-access-key': shop.config.accessKey,
        accept: 'application/json',
        'x-shop-client-ip': options.ip ?? clientIp(),
        ...(options.language ? { 'sw-language-id': options.language } : {}),
        ...(options.token ? { 'sw-context-token': options.token } : {}),
      },
      body: form,
    }),
  );
  return { status: res.status, json: await res.json() };
}

const png = (): Part => ({ bytes: pngBytes(), name: 'karte.png', type: 'image/png' });
const pdf = (): Part => ({ bytes: PDF, name: 'rezept.pdf', type: 'application/pdf' });

function requestRow(id: string) {
  return shop.db.prepare('SELECT * FROM prescription_request WHERE id = ?').get(id) as Record<string, unknown> | undefined;
}

function filesOf(id: string) {
  return shop.db.prepare('SELECT role, mime_type, size, sha256, storage_path FROM prescription_file WHERE request_id = ? ORDER BY role').all(id) as {
    role: string;
    mime_type: string;
    size: number;
    sha256: string;
    storage_path: string;
  }[];
}

function mailTo(email: string) {
  return shop.db.prepare('SELECT template, subject, body_text, language_id FROM mail_outbox WHERE recipient = ? ORDER BY rowid DESC LIMIT 1').get(email) as
    | { template: string; subject: string; body_text: string; language_id: string }
    | undefined;
}

describe('POST /prescription/pickup', () => {
  it('accepts a PNG insurance card and a PDF prescription, stores them privately and mails the confirmation', async () => {
    const values = fields();
    const res = await pickup(values, { insuranceCard: [png()], prescriptions: [pdf()] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ apiAlias: 'prescription_request', kind: 'pickup', pickupDate: values.pickupDate, pharmacyId });
    expect(res.json.requestNumber).toMatch(/^R\d+$/);
    expect(requestRow(res.json.id)).toMatchObject({ request_number: res.json.requestNumber, first_name: 'Lea', email: values.email, pharmacy_id: pharmacyId, status: 'received' });

    const stored = filesOf(res.json.id);
    expect(stored.map((f) => [f.role, f.mime_type])).toEqual([
      ['insurance_card', 'image/png'],
      ['prescription', 'application/pdf'],
    ]);
    expect(stored[1]!.size).toBe(PDF.length);
    const folder = prescriptionFolder(shop.config.dataDir, res.json.id);
    for (const file of stored) {
      expect(file.storage_path).toMatch(/^prescriptions\/[0-9a-f]{32}\/[0-9a-f]{32}\.(png|pdf)$/);
      const absolute = join(shop.config.dataDir, 'private', file.storage_path);
      expect(absolute.startsWith(folder)).toBe(true);
      expect(existsSync(absolute)).toBe(true);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(readFileSync(join(shop.config.dataDir, 'private', stored[1]!.storage_path))).toEqual(Buffer.from(PDF));

    // Not under a public folder, and no URL serves it.
    for (const file of stored) {
      expect(file.storage_path.startsWith('media/') || file.storage_path.startsWith('thumbnail/')).toBe(false);
      for (const path of [`/media/${file.storage_path}`, `/private/${file.storage_path}`, `/media/../private/${file.storage_path}`, `/media/%2e%2e/private/${file.storage_path}`, `/${file.storage_path}`]) {
        const answer = await shop.app.fetch(new Request(`${ORIGIN}${path}`));
        expect(answer.status, path).toBe(404);
      }
    }

    const mail = mailTo(values.email!)!;
    expect(mail.template).toBe('prescription.pickup');
    expect(mail.subject).toContain(res.json.requestNumber);
    expect(mail.body_text).toContain('Die Apotheke ruft Sie an');
  });

  it('writes the mail in the language of the request', async () => {
    const values = fields();
    const res = await pickup(values, { insuranceCard: [pdf()], prescriptions: [png(), pdf()] }, { language: LANGUAGE_ID.fr });
    expect(res.status).toBe(200);
    const mail = mailTo(values.email!)!;
    expect(mail.language_id).toBe(LANGUAGE_ID.fr);
    expect(mail.body_text).toContain('La pharmacie vous appellera');
    expect(filesOf(res.json.id)).toHaveLength(3);
  });

  it('refuses a text file renamed to .png, a JPEG and an SVG whatever their names and types say', async () => {
    const cases: Part[] = [
      { bytes: TEXT, name: 'rezept.png', type: 'image/png' },
      { bytes: JPEG, name: 'rezept.png', type: 'image/png' },
      { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'rezept.pdf', type: 'application/pdf' },
      // a PNG signature without its IHDR chunk
      { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x3c, 0x68, 0x74, 0x6d, 0x6c]), name: 'x.png', type: 'image/png' },
    ];
    for (const bad of cases) {
      const values = fields();
      const res = await pickup(values, { insuranceCard: [png()], prescriptions: [bad] });
      expect(res.status).toBe(400);
      expect(res.json.errors).toContainEqual(expect.objectContaining({ code: 'PRESCRIPTION__FILE_TYPE_NOT_ALLOWED', source: { pointer: '/prescriptions/0' } }));
      expect(shop.db.prepare('SELECT COUNT(*) AS n FROM prescription_request WHERE email = ?').get(values.email)).toEqual({ n: 0 });
    }
  });

  it('refuses a file over 5 MB with the limit', async () => {
    const big = new Uint8Array(PRESCRIPTION_FILE_MAX_BYTES + 1);
    big.set(PDF);
    const res = await pickup(fields(), { insuranceCard: [png()], prescriptions: [{ bytes: big, name: 'gross.pdf', type: 'application/pdf' }] });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ code: 'PRESCRIPTION__FILE_TOO_LARGE', source: { pointer: '/prescriptions/0' }, meta: { parameters: { maxMegabytes: 5 } } });
  });

  it('refuses a request whose declared length is over the limit before reading it', async () => {
    const res = await shop.app.fetch(
      new Request(`${ORIGIN}/store-api/prescription/pickup`, {
        method: 'POST',
        headers: { 'sw-access-key': shop.config.accessKey, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024), 'x-shop-client-ip': clientIp() },
        body: '--x--',
      }),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).errors[0].code).toBe('FRAMEWORK__REQUEST_BODY_TOO_LARGE');
  });

  it('requires the insurance card and at least one prescription', async () => {
    const none = await pickup(fields(), {});
    expect(none.status).toBe(400);
    const pointers = none.json.errors.map((e: Json) => [e.code, e.source.pointer]);
    expect(pointers).toContainEqual(['PRESCRIPTION__FILE_REQUIRED', '/insuranceCard']);
    expect(pointers).toContainEqual(['PRESCRIPTION__FILE_REQUIRED', '/prescriptions']);
    const six = await pickup(fields(), { insuranceCard: [png()], prescriptions: [pdf(), pdf(), pdf(), pdf(), pdf(), pdf()] });
    expect(six.status).toBe(400);
  });

  it('checks the pharmacy, the fields and the pickup date (next working day, not Sunday, not past, ≤ 30 days)', async () => {
    const res = await pickup(fields({ pharmacyId: 'f'.repeat(32), pickupDate: '2020-01-01', firstName: 'Al', email: 'kein mail' }), { insuranceCard: [png()], prescriptions: [pdf()] });
    expect(res.status).toBe(400);
    const codes = Object.fromEntries(res.json.errors.map((e: Json) => [e.source.pointer, e.code]));
    expect(codes).toMatchObject({
      '/pharmacyId': 'PRESCRIPTION__PHARMACY_NOT_FOUND',
      '/pickupDate': 'PRESCRIPTION__PICKUP_DATE_INVALID',
      '/firstName': 'VIOLATION::TOO_SHORT_ERROR',
      '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
    });

    // A Wednesday in Zurich: Thursday is the first pickup day, the Sunday after is not, 30 days ahead is the last.
    const wednesday = new Date('2026-11-25T10:00:00Z');
    expect(pickupDateRange(wednesday)).toEqual({ first: '2026-11-26', last: '2026-12-25' });
    expect(isPickupDate('2026-11-25', wednesday)).toBe(false); // today
    expect(isPickupDate('2026-11-24', wednesday)).toBe(false); // past
    expect(isPickupDate('2026-11-26', wednesday)).toBe(true);
    expect(isPickupDate('2026-11-28', wednesday)).toBe(true); // Saturday
    expect(isPickupDate('2026-11-29', wednesday)).toBe(false); // Sunday
    expect(isPickupDate('2026-12-26', wednesday)).toBe(false); // 31 days ahead
    expect(isPickupDate('2026-02-30', wednesday)).toBe(false);
    // On a Saturday the next working day is Monday.
    expect(pickupDateRange(new Date('2026-11-28T10:00:00Z')).first).toBe('2026-11-30');

    let sunday = nextWorkingDay();
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86400000).toISOString().slice(0, 10);
    const onSunday = await pickup(fields({ pickupDate: sunday }), { insuranceCard: [png()], prescriptions: [pdf()] });
    expect(onSunday.status).toBe(400);
    expect(onSunday.json.errors[0]).toMatchObject({ code: 'PRESCRIPTION__PICKUP_DATE_INVALID', source: { pointer: '/pickupDate' } });
  });

  it('limits requests per client address (429)', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await pickup(fields(), {}, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /prescription/delivery', () => {
  function deliveryBody(overrides: Record<string, unknown> = {}) {
    return {
      firstName: 'Marco',
      lastName: 'Rossi',
      email: `lieferung-${Math.random().toString(36).slice(2)}@example.ch`,
      phone: '091 123 45 67',
      birthday: '1970-05-04',
      street: 'Via Nassa 1',
      zipcode: '6900',
      city: 'Lugano',
      country: 'CH',
      comment: 'Bitte beim Nachbarn abgeben.',
      ...overrides,
    };
  }

  it('stores the request and mails where to post the prescription (in the request language)', async () => {
    const body = deliveryBody();
    const res = await shop.call('POST', '/store-api/prescription/delivery', { body, headers: { 'x-shop-client-ip': clientIp(), 'sw-language-id': LANGUAGE_ID.it } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ kind: 'delivery', apiAlias: 'prescription_request' });
    expect(requestRow(res.json.id)).toMatchObject({ kind: 'delivery', zipcode: '6900', city: 'Lugano', birthday: '1970-05-04', language_id: LANGUAGE_ID.it });
    const mail = mailTo(body.email)!;
    expect(mail.template).toBe('prescription.delivery');
    expect(mail.language_id).toBe(LANGUAGE_ID.it);
    expect(mail.body_text).toContain('Edelweiss Apotheken AG\nRezeptservice\nPostfach\n8021 Zürich');
    expect(mail.body_text).toContain('2-3 giorni');
  });

  it('records the logged-in customer (delivery and pickup)', async () => {
    const { s, customer } = await loggedInAccount(shop);
    const res = await s.call('POST', '/prescription/delivery', { body: deliveryBody(), headers: { 'x-shop-client-ip': clientIp() } });
    expect(res.status).toBe(200);
    expect(requestRow(res.json.id)).toMatchObject({ customer_id: customer.id });
    const pick = await pickup(fields(), { insuranceCard: [png()], prescriptions: [pdf()] }, { token: s.token });
    expect(pick.status).toBe(200);
    expect(requestRow(pick.json.id)).toMatchObject({ customer_id: customer.id });
    const anonymous = await pickup(fields(), { insuranceCard: [png()], prescriptions: [pdf()] });
    expect(requestRow(anonymous.json.id)).toMatchObject({ customer_id: null });
  });

  it('answers violations with pointers', async () => {
    const res = await shop.call('POST', '/store-api/prescription/delivery', {
      body: deliveryBody({ zipcode: '123', country: 'DE', lastName: '', comment: 'x'.repeat(2001) }),
      headers: { 'x-shop-client-ip': clientIp() },
    });
    expect(res.status).toBe(400);
    const codes = Object.fromEntries(res.json.errors.map((e: Json) => [e.source.pointer, e.code]));
    expect(codes).toMatchObject({
      '/zipcode': 'VIOLATION::ZIP_CODE_INVALID',
      '/country': 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      '/lastName': 'VIOLATION::IS_BLANK_ERROR',
      '/comment': 'VIOLATION::TOO_LONG_ERROR',
    });
  });
});
