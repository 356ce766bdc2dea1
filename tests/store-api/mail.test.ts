import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoreApiConfig } from '../../store-api/src/config';
import { escapeHtml, htmlDocument, queueMail } from '../../store-api/src/domain/mail';
import { startEmbeddedStoreApi } from '../../store-api/src/embedded';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { startMailSender, MAX_ATTEMPTS } from '../../store-api/src/mail-sender';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, mailsTo, type OutboxMail } from './account-session';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper, uniqueEmail } from './checkout-fixtures';

// The mail outbox (issue 6 item 2): every mail rendered in the recipient's language into mail_outbox, and with
// SMTP_URL set, delivered by the sender (nodemailer) to a tiny SMTP server this test runs on node:net: sent_at set
// on success; a refused delivery keeps send_error and is tried again.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

// --- a tiny SMTP server: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT ------------------------------------------

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

interface SmtpServer {
  url: string;
  received: ReceivedMail[];
  /** RCPT TO answers 550 while this is above 0 (and counts down) */
  refuse: number;
  close(): Promise<void>;
}

async function startSmtpServer(): Promise<SmtpServer> {
  const state: SmtpServer = { url: '', received: [], refuse: 0, close: async () => {} };
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          state.received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const index = buffer.indexOf('\r\n');
        if (index < 0) return;
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current = { from: line.slice(10).trim(), to: [], data: '' };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (state.refuse > 0) {
            state.refuse -= 1;
            reply('550 5.1.1 mailbox unavailable');
          } else {
            current.to.push(line.slice(8).trim());
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

function outboxRow(id: string): OutboxMail {
  return shop.db.prepare('SELECT * FROM mail_outbox WHERE id = ?').get(id) as OutboxMail;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The sales channel's domain of a language: German without a prefix, /it and /fr. */
const domainOf = (language: string) => (language === 'de' ? 'http://shop.test' : `http://shop.test/${language}`);

describe('outbox', () => {
  it('renders the registration mail in de, it and fr, escaping what the shopper typed', async () => {
    const expected: Record<string, string> = {
      de: 'Bitte bestätigen Sie Ihre Registrierung',
      it: 'Confermate la vostra registrazione',
      fr: 'Veuillez confirmer votre inscription',
    };
    for (const [key, languageId] of Object.entries(LANGUAGE_ID)) {
      const email = uniqueEmail(`mail-${key}`);
      const res = await shopper(shop.call, languageId).call('POST', '/account/register', {
        body: { email, password: 'Sicher-123', firstName: '<i>Lea</i>', lastName: 'Keller', acceptedDataProtection: true, storefrontUrl: domainOf(key), billingAddress: address() },
      });
      expect(res.status).toBe(200);
      const [mail] = mailsTo(shop.db, email, 'customer_register.double_opt_in');
      expect(mail).toMatchObject({ language_id: languageId, subject: expected[key], sent_at: null, send_error: null });
      expect(mail!.body_html).toContain(`<html lang="${key}">`);
      expect(mail!.body_html).toContain('&lt;i&gt;Lea&lt;/i&gt;');
      expect(mail!.body_html).not.toContain('<i>Lea');
      expect(mail!.body_text).toContain(`${domainOf(key)}/registration/confirm?em=`);
    }
  });

  it('queueMail stores any template (the API newsletter and contact mails use)', () => {
    const to = uniqueEmail('generic');
    const id = queueMail(shop, {
      template: 'test.generic',
      to,
      languageId: LANGUAGE_ID.fr,
      subject: 'Bonjour',
      text: 'Texte',
      html: htmlDocument('fr', 'Bonjour', `<p>${escapeHtml('<b>x</b>')}</p>`),
    })!;
    expect(outboxRow(id)).toMatchObject({ template: 'test.generic', recipient: to, subject: 'Bonjour', attempts: 0, sent_at: null });
    // signed by the shop in the mail's language, with the operating company (issue 19 item 7)
    expect(outboxRow(id).body_text).toBe('Texte\n\nMeilleures salutations\nVotre Pharmacie Edelweiss\n\nEdelweiss Apotheken AG · Bahnhofstrasse 12 · 8001 Zürich · CHE-112.457.893 MWST\n');
    expect(outboxRow(id).body_html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(outboxRow(id).body_html).toContain('<p>Meilleures salutations<br>Votre Pharmacie Edelweiss</p>');
  });
});

describe('SMTP delivery', () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());

  it('with SMTP_URL the embedded back end delivers queued mails and sets sent_at, without holding the request', async () => {
    // A second embedded back end on the same database file, configured with SMTP_URL.
    const config = { ...readStoreApiConfig({ DATA_DIR: shop.config.dataDir, PUBLIC_ORIGIN: shop.config.origins.primary, SMTP_URL: smtp.url, MAIL_FROM: 'Test-Apotheke <noreply@apotheke.test>' }) };
    const withSmtp = await startEmbeddedStoreApi(config, () => {});
    try {
      expect(withSmtp.mailSender).not.toBeNull();
      const email = await activeAccount({ call: (method, path, options) => callOn(withSmtp.app, method, path, options), config: withSmtp.config });
      const res = await callOn(withSmtp.app, 'POST', '/store-api/account/recovery-password', { body: { email, storefrontUrl: 'http://shop.test' } });
      expect(res.status).toBe(200);
      const [mail] = mailsTo(shop.db, email, 'customer.recovery.request');
      await until(() => outboxRow(mail!.id).sent_at !== null);
      expect(outboxRow(mail!.id)).toMatchObject({ send_error: null, attempts: 1 });
      const delivered = smtp.received.find((m) => m.to.some((to) => to.includes(email)));
      expect(delivered).toBeDefined();
      expect(delivered!.from).toContain('noreply@apotheke.test');
      expect(delivered!.data).toMatch(/Subject: Passwort zur=C3=BCcksetzen|Subject: =\?UTF-8\?[QB]\?/i);
      expect(delivered!.data).toContain('account/recover?hash=');
    } finally {
      await withSmtp.mailSender?.stop();
      withSmtp.db.close();
    }
  });

  it('keeps the error of a refused delivery in send_error and delivers on a later try', async () => {
    const sender = startMailSender(shop.db, { smtpUrl: smtp.url, mailFrom: 'Apotheke <shop@apotheke.example>' }, { retryBaseMs: 100, pollMs: 25, log: () => {} })!;
    try {
      await sender.flush(); // what earlier tests left in the outbox
      smtp.refuse = 1;
      const to = uniqueEmail('retry');
      const id = queueMail(shop.db, { template: 'test.retry', to, languageId: LANGUAGE_ID.de, subject: 'Versuch', text: 'Hallo', html: '<p>Hallo</p>' })!;
      await until(() => outboxRow(id).send_error !== null);
      const failed = outboxRow(id);
      expect(failed.sent_at).toBeNull();
      expect(failed.send_error).toMatch(/550|rejected/i);
      expect(failed.attempts).toBe(1);
      expect(Date.parse(failed.next_attempt_at!)).toBeGreaterThan(Date.now() - 1000);

      await until(() => outboxRow(id).sent_at !== null);
      expect(outboxRow(id)).toMatchObject({ send_error: null, attempts: 2 });
      expect(smtp.received.filter((m) => m.to.some((t) => t.includes(to)))).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });

  it('gives up after the last attempt and never sends a mail twice', async () => {
    const sender = startMailSender(shop.db, { smtpUrl: smtp.url, mailFrom: 'Apotheke <shop@apotheke.example>' }, { retryBaseMs: 1, retryMaxMs: 1, pollMs: 10, log: () => {} })!;
    try {
      await sender.flush();
      smtp.refuse = 1000;
      const to = uniqueEmail('aufgeben');
      const id = queueMail(shop.db, { template: 'test.giveup', to, languageId: LANGUAGE_ID.de, subject: 'Nie', text: 'x', html: '<p>x</p>' })!;
      await until(() => outboxRow(id).attempts >= MAX_ATTEMPTS);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outboxRow(id)).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null });
      smtp.refuse = 0;
      await sender.flush();
      expect(outboxRow(id).sent_at).toBeNull();
      expect(smtp.received.filter((m) => m.to.some((t) => t.includes(to)))).toHaveLength(0);
    } finally {
      smtp.refuse = 0;
      await sender.stop();
    }
  });

  it('an invoice order’s mail leaves with its invoice (and QR-bill) as a PDF attachment, in the order’s language', async () => {
    const sender = startMailSender(shop.db, { smtpUrl: smtp.url, mailFrom: 'Apotheke <shop@apotheke.example>' }, { pollMs: 25, log: () => {} })!;
    try {
      const s = shopper(shop.call, LANGUAGE_ID.fr);
      const guest = await registerGuest(s);
      await addProduct(s, findProduct(shop.db, 'delivery').id);
      await choosePayment(s, 'invoice');
      const order = (await placeOrder(s)).json;
      await sender.flush();
      const delivered = smtp.received.find((m) => m.to.some((to) => to.includes(guest.email)));
      expect(delivered).toBeDefined();
      const number = order.documents[0].config?.documentNumber ?? (shop.db.prepare('SELECT document_number FROM document WHERE order_id = ?').pluck().get(order.id) as string);
      expect(delivered!.data).toMatch(new RegExp(`Content-Type: application/pdf; name=Facture-${number}\\.pdf`));
      expect(delivered!.data).toMatch(/Content-Disposition: attachment; filename=Facture-\d+\.pdf/);
    } finally {
      await sender.stop();
    }
  });

  it('does nothing without SMTP_URL, and refuses an SMTP_URL that is not smtp(s)://', () => {
    expect(startMailSender(shop.db, { smtpUrl: null, mailFrom: 'x@y.z' })).toBeNull();
    expect(readStoreApiConfig({ DATA_DIR: '/tmp/x' })).toMatchObject({ smtpUrl: null, mailFrom: 'Apotheke <shop@apotheke.example>' });
    expect(() => readStoreApiConfig({ SMTP_URL: 'http://user:geheim@mail.example' })).toThrow(/SMTP_URL must be/);
    expect(() => readStoreApiConfig({ SMTP_URL: 'http://user:geheim@mail.example' })).not.toThrow(/geheim/);
  });
});

async function callOn(app: { fetch(request: Request): Response | Promise<Response> }, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await app.fetch(
    new Request(`http://shop.test${path}`, {
      method,
      headers: { 'sw-access-key': shop.config.accessKey, accept: 'application/json', 'content-type': 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined, text };
}
