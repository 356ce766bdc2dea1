import type { Hono } from 'hono';
import type { StoreApiConfig } from './config';
import type { Db } from './db/connection';
import { escapeHtml } from './domain/mail';

// GET /dev/mailbox: the mail outbox as a developer reads it, so a person (or a Playwright journey) can open the
// registration, recovery and newsletter links without an SMTP server. Registered only when NODE_ENV is not
// "production" (config.devMailbox); in production the routes do not exist (404).
//
//   /dev/mailbox                 newest first (?to=<email> filters by recipient, ?limit=1..500, default 100)
//   /dev/mailbox/{id}            one mail: headers, the text body with clickable links, the HTML body in a
//                                sandboxed iframe (srcdoc, no scripts, no same-origin)
//   /dev/mailbox.json            the same list as JSON with the bodies ({ mails: [...] }), for tests and scripts
//
// Every value is escaped; the pages carry a CSP without scripts.

interface MailRow {
  id: string;
  template: string;
  recipient: string;
  language_id: string;
  subject: string;
  body_text: string;
  body_html: string;
  created_at: string;
  sent_at: string | null;
  send_error: string | null;
  attempts: number;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; frame-src 'self'; base-uri 'none'; form-action 'none'";
const HEADERS = { 'content-security-policy': CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };

function listMails(db: Db, query: { to?: string; limit?: string }): MailRow[] {
  const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '', 10) || 100, 1), 500);
  const to = query.to?.trim();
  return (
    to
      ? db.prepare('SELECT * FROM mail_outbox WHERE recipient = ? COLLATE NOCASE ORDER BY created_at DESC, rowid DESC LIMIT ?').all(to, limit)
      : db.prepare('SELECT * FROM mail_outbox ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit)
  ) as MailRow[];
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1d2733}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #dde}
pre{white-space:pre-wrap;background:#f5f7fa;padding:1rem}iframe{width:100%;height:32rem;border:1px solid #dde}.error{color:#a31515}.muted{color:#667}</style></head>
<body>${body}</body></html>`;
}

function status(mail: MailRow): string {
  if (mail.sent_at) return `sent ${escapeHtml(mail.sent_at)}`;
  if (mail.send_error) return `<span class="error">not sent (${mail.attempts} attempts): ${escapeHtml(mail.send_error)}</span>`;
  return '<span class="muted">in the outbox</span>';
}

/** Escapes the text and makes its http(s) links clickable. */
function linkified(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part))).join('');
}

function listPage(mails: MailRow[], to: string | undefined): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at)}</td><td>${escapeHtml(m.recipient)}</td><td><a href="/dev/mailbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td>` +
        `<td>${escapeHtml(m.template)}</td><td>${status(m)}</td></tr>`,
    )
    .join('');
  const filter = to ? `<p>Recipient: ${escapeHtml(to)} · <a href="/dev/mailbox">all mails</a></p>` : '';
  const table = mails.length
    ? `<table><thead><tr><th>Created</th><th>To</th><th>Subject</th><th>Template</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>The outbox is empty.</p>';
  return page('Mailbox', `<h1>Mailbox</h1><p class="muted">The shop's mail outbox (development only), newest first.</p>${filter}${table}`);
}

function mailPage(mail: MailRow): string {
  const sandbox = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';
  return page(
    mail.subject,
    `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
      `<table><tbody><tr><th>To</th><td>${escapeHtml(mail.recipient)}</td></tr><tr><th>Created</th><td>${escapeHtml(mail.created_at)}</td></tr>` +
      `<tr><th>Template</th><td>${escapeHtml(mail.template)}</td></tr><tr><th>Status</th><td>${status(mail)}</td></tr></tbody></table>` +
      `<h2>Text</h2><pre>${linkified(mail.body_text)}</pre>` +
      `<h2>HTML</h2><iframe title="HTML body" sandbox="${sandbox}" srcdoc="${escapeHtml(mail.body_html)}"></iframe>`,
  );
}

export function registerDevMailbox(app: Hono, deps: { db: Db; config: Pick<StoreApiConfig, 'devMailbox'> }): void {
  if (!deps.config.devMailbox) return;
  const { db } = deps;

  app.get('/dev/mailbox', (c) => {
    const to = c.req.query('to');
    return c.html(listPage(listMails(db, { to, limit: c.req.query('limit') }), to), 200, HEADERS);
  });

  app.get('/dev/mailbox.json', (c) => {
    const mails = listMails(db, { to: c.req.query('to'), limit: c.req.query('limit') }).map((m) => ({
      id: m.id,
      template: m.template,
      to: m.recipient,
      languageId: m.language_id,
      subject: m.subject,
      text: m.body_text,
      html: m.body_html,
      createdAt: m.created_at,
      sentAt: m.sent_at,
      sendError: m.send_error,
    }));
    return c.json({ mails }, 200, { 'cache-control': 'no-store' });
  });

  app.get('/dev/mailbox/:id', (c) => {
    const mail = db.prepare('SELECT * FROM mail_outbox WHERE id = ?').get(c.req.param('id')) as MailRow | undefined;
    if (!mail) return c.html(page('Not found', '<p>No such mail. <a href="/dev/mailbox">Mailbox</a></p>'), 404, HEADERS);
    return c.html(mailPage(mail), 200, HEADERS);
  });
}
