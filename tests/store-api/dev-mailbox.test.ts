import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoreApiConfig } from '../../store-api/src/config';
import { queueMail } from '../../store-api/src/domain/mail';
import { startEmbeddedStoreApi } from '../../store-api/src/embedded';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount } from './account-session';
import { shopper, uniqueEmail } from './checkout-fixtures';

// GET /dev/mailbox (issue 6 item 2): the outbox for a person in development, newest first, each mail with its text
// (links clickable) and its HTML in a sandboxed iframe, every value escaped; absent in production mode.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function get(path: string, app: { fetch(request: Request): Response | Promise<Response> } = shop.app) {
  const res = await app.fetch(new Request(`http://shop.test${path}`));
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('/dev/mailbox', () => {
  it('lists the outbox newest first and opens a mail with its clickable link', async () => {
    const email = await activeAccount(shop);
    await shopper(shop.call, LANGUAGE_ID.it).call('POST', '/account/recovery-password', { body: { email, storefrontUrl: 'http://shop.test/it' } });
    const later = uniqueEmail('spaeter');
    await new Promise((resolve) => setTimeout(resolve, 5));
    queueMail(shop.db, { template: 'test.later', to: later, languageId: LANGUAGE_ID.de, subject: 'Später', text: 'Später', html: '<p>Später</p>' });

    const list = await get('/dev/mailbox');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('text/html');
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(list.text.indexOf(later)).toBeGreaterThan(-1);
    expect(list.text.indexOf(later)).toBeLessThan(list.text.indexOf(email));

    const filtered = await get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(filtered.text).toContain(email);
    expect(filtered.text).not.toContain(later);
    const id = /href="\/dev\/mailbox\/([0-9a-f]{32})"/.exec(filtered.text)![1]!;

    const mail = await get(`/dev/mailbox/${id}`);
    expect(mail.status).toBe(200);
    expect(mail.text).toContain('Reimpostare la password');
    expect(mail.text).toMatch(/<a href="http:\/\/shop\.test\/it\/account\/recover\?hash=[A-Za-z0-9_-]{43}">/);
    expect(mail.text).toMatch(/<iframe title="HTML body" sandbox="[^"]*" srcdoc="&lt;!DOCTYPE html&gt;/);
    expect(mail.text).not.toMatch(/sandbox="[^"]*allow-scripts/);

    const json = JSON.parse((await get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).text);
    expect(json.mails).toHaveLength(1);
    expect(json.mails[0]).toMatchObject({ id, to: email, template: 'customer.recovery.request', subject: 'Reimpostare la password' });
    expect(json.mails[0].text).toContain('/it/account/recover?hash=');

    expect((await get(`/dev/mailbox/${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('escapes every value of a mail', async () => {
    const to = `x"><script>alert(1)</script>@example.ch`;
    const id = queueMail(shop.db, {
      template: '<b>tpl</b>',
      to,
      languageId: LANGUAGE_ID.de,
      subject: '<script>alert("s")</script>',
      text: 'Link: http://shop.test/a?b=1&c="><script>x</script>',
      html: '<p onclick="x">"quoted" & <script>alert(2)</script></p>',
    });
    const list = await get('/dev/mailbox');
    expect(list.text).not.toContain('<script>');
    expect(list.text).toContain('&lt;script&gt;alert(&quot;s&quot;)&lt;/script&gt;');
    const mail = await get(`/dev/mailbox/${id}`);
    expect(mail.text).not.toContain('<script>');
    expect(mail.text).not.toContain('<b>tpl</b>');
    // The HTML body only exists inside the srcdoc attribute, fully escaped.
    expect(mail.text).toContain('srcdoc="&lt;p onclick=&quot;x&quot;&gt;&quot;quoted&quot; &amp; &lt;script&gt;alert(2)&lt;/script&gt;&lt;/p&gt;"');
    expect(mail.text).toContain('<a href="http://shop.test/a?b=1&amp;c=">http://shop.test/a?b=1&amp;c=</a>&quot;&gt;&lt;script&gt;');
  });

  it('does not exist in production mode', async () => {
    const production = await startEmbeddedStoreApi({ ...readStoreApiConfig({ DATA_DIR: shop.config.dataDir, NODE_ENV: 'production' }) }, () => {});
    try {
      expect(production.config.devMailbox).toBe(false);
      expect((await get('/dev/mailbox', production.app)).status).toBe(404);
      expect((await get('/dev/mailbox.json', production.app)).status).toBe(404);
      const id = shop.db.prepare('SELECT id FROM mail_outbox LIMIT 1').pluck().get() as string;
      expect((await get(`/dev/mailbox/${id}`, production.app)).status).toBe(404);
    } finally {
      production.close();
    }
  });
});
