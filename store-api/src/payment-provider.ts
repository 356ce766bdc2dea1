import type { Context, Hono } from 'hono';
import type { StoreApiDeps } from './app';
import { escapeHtml, formatChf, languageKeyOf } from './domain/mail';
import { findOrder } from './domain/order';
import { absoluteReturnUrl, completePaymentSession, findPaymentSession, type PaymentOutcome } from './domain/payment';
import { DEFAULT_LANGUAGE_ID, type LanguageKey } from './known-ids';

// The embedded payment provider (/payment-provider/{sessionId}): the page an asynchronous payment method
// (card, TWINT, PostFinance, PayPal, Apple Pay) sends the shopper to, where they pay, fail or cancel.
// Server-rendered, no JavaScript. The session id (192 random bits) is the only secret and works once: the
// buttons POST back to it, the outcome is recorded, and the shopper is sent (303) to the shop's finishUrl or
// errorUrl — which handle-payment only accepted on the shop's own origin, so this is never an open redirect.

const TEXT: Record<
  LanguageKey,
  {
    title: string;
    heading: string;
    amount: string;
    method: string;
    order: string;
    pay: string;
    fail: string;
    cancel: string;
    hint: string;
    usedTitle: string;
    used: string;
    unknownTitle: string;
    unknown: string;
    back: string;
  }
> = {
  de: {
    title: 'Zahlung',
    heading: 'Zahlung bestätigen',
    amount: 'Betrag',
    method: 'Zahlungsart',
    order: 'Bestellung',
    pay: 'Bezahlen',
    fail: 'Zahlung fehlschlagen lassen',
    cancel: 'Abbrechen',
    hint: 'Testumgebung des Zahlungsanbieters: Es wird kein Geld belastet.',
    usedTitle: 'Zahlung bereits abgeschlossen',
    used: 'Diese Zahlungsseite wurde bereits verwendet oder ist abgelaufen. Bitte kehren Sie zum Shop zurück.',
    unknownTitle: 'Zahlung nicht gefunden',
    unknown: 'Diese Zahlungsseite gibt es nicht.',
    back: 'Zurück zum Shop',
  },
  it: {
    title: 'Pagamento',
    heading: 'Conferma il pagamento',
    amount: 'Importo',
    method: 'Metodo di pagamento',
    order: 'Ordine',
    pay: 'Paga',
    fail: 'Simula pagamento non riuscito',
    cancel: 'Annulla',
    hint: 'Ambiente di prova del fornitore di pagamento: non viene addebitato alcun importo.',
    usedTitle: 'Pagamento già concluso',
    used: 'Questa pagina di pagamento è già stata utilizzata o è scaduta. Torna al negozio.',
    unknownTitle: 'Pagamento non trovato',
    unknown: 'Questa pagina di pagamento non esiste.',
    back: 'Torna al negozio',
  },
  fr: {
    title: 'Paiement',
    heading: 'Confirmer le paiement',
    amount: 'Montant',
    method: 'Mode de paiement',
    order: 'Commande',
    pay: 'Payer',
    fail: 'Faire échouer le paiement',
    cancel: 'Annuler',
    hint: 'Environnement de test du prestataire de paiement : aucun montant n’est débité.',
    usedTitle: 'Paiement déjà terminé',
    used: 'Cette page de paiement a déjà été utilisée ou a expiré. Veuillez retourner à la boutique.',
    unknownTitle: 'Paiement introuvable',
    unknown: 'Cette page de paiement n’existe pas.',
    back: 'Retour à la boutique',
  },
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2733;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}dt{font-weight:600}dd{margin:0}
form{margin:.5rem 0}button{width:100%;padding:.75rem;font-size:1rem;border-radius:6px;border:2px solid #1e8449;cursor:pointer}
button:focus-visible{outline:3px solid #1f618d;outline-offset:2px}.pay{background:#1e8449;color:#fff}.fail{background:#fff;color:#a93226;border-color:#a93226}
.cancel{background:#fff;color:#1d2733;border-color:#566573}p.hint{font-size:.85rem;color:#566573}a{color:#1f618d}`;

function page(language: LanguageKey, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

function preferredLanguage(c: Context): LanguageKey {
  const accept = (c.req.header('accept-language') ?? '').toLowerCase();
  for (const key of ['de', 'it', 'fr'] as const) if (accept.startsWith(key)) return key;
  return 'de';
}

function messagePage(c: Context, language: LanguageKey, status: 404 | 410, kind: 'used' | 'unknown', backUrl: string | null): Response {
  const t = TEXT[language];
  const title = kind === 'used' ? t.usedTitle : t.unknownTitle;
  const text = kind === 'used' ? t.used : t.unknown;
  const back = backUrl ? `<p><a href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p>` : '';
  return c.html(page(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}`), status, SECURITY_HEADERS);
}

const OUTCOMES: Record<string, PaymentOutcome> = { pay: 'paid', fail: 'failed', cancel: 'cancelled' };

export function registerPaymentProviderRoutes(app: Hono, deps: StoreApiDeps): void {
  app.get('/payment-provider/:sessionId', (c) => {
    const session = findPaymentSession(deps.db, c.req.param('sessionId'));
    const order = session ? findOrder(deps.db, session.order_id) : undefined;
    if (!session || !order) return messagePage(c, preferredLanguage(c), 404, 'unknown', null);
    const language = languageKeyOf(order.language_id);
    const origin = new URL(c.req.url).origin;
    if (session.status !== 'open') return messagePage(c, language, 410, 'used', absoluteReturnUrl(origin, session.finish_url));
    const t = TEXT[language];
    const method = deps.db
      .prepare(
        `SELECT COALESCE(t.name, f.name) AS name FROM order_transaction ot
         LEFT JOIN payment_method_translation t ON t.payment_method_id = ot.payment_method_id AND t.language_id = ?
         LEFT JOIN payment_method_translation f ON f.payment_method_id = ot.payment_method_id AND f.language_id = ?
         WHERE ot.id = ?`,
      )
      .get(order.language_id, DEFAULT_LANGUAGE_ID, session.transaction_id) as { name: string | null } | undefined;
    const action = `/payment-provider/${encodeURIComponent(session.id)}`;
    const button = (name: string, label: string) =>
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${name}"><button type="submit" class="${name}">${escapeHtml(label)}</button></form>`;
    const body =
      `<h1>${escapeHtml(t.heading)}</h1>` +
      `<dl><dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(order.order_number)}</dd>` +
      `<dt>${escapeHtml(t.amount)}</dt><dd><strong>${escapeHtml(formatChf(order.amount_total, language))}</strong></dd>` +
      `<dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(method?.name ?? '')}</dd></dl>` +
      button('pay', t.pay) +
      button('fail', t.fail) +
      button('cancel', t.cancel) +
      `<p class="hint">${escapeHtml(t.hint)}</p>`;
    return c.html(page(language, `${t.title} – ${order.order_number}`, body), 200, SECURITY_HEADERS);
  });

  app.post('/payment-provider/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const outcome = OUTCOMES[String((form as Record<string, unknown>).outcome ?? '')];
    const session = findPaymentSession(deps.db, sessionId);
    const order = session ? findOrder(deps.db, session.order_id) : undefined;
    if (!session || !order) return messagePage(c, preferredLanguage(c), 404, 'unknown', null);
    const language = languageKeyOf(order.language_id);
    const origin = new URL(c.req.url).origin;
    if (!outcome) return c.html(page(language, TEXT[language].title, `<p>400</p>`), 400, SECURITY_HEADERS);
    const done = completePaymentSession(deps.db, sessionId, outcome);
    if (!done) return messagePage(c, language, 410, 'used', absoluteReturnUrl(origin, session.finish_url));
    const target = new URL(absoluteReturnUrl(origin, done.redirect));
    // The outcome travels along, as real providers add their status to the return URL.
    target.searchParams.set('paymentStatus', outcome);
    return c.redirect(target.toString(), 303);
  });
}
