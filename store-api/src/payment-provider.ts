import type { Context, Hono } from 'hono';
import type { StoreApiDeps } from './app';
import type { StoreApiConfig } from './config';
import { escapeHtml, formatChf, languageKeyOf } from './domain/mail';
import { findOrder } from './domain/order';
import { completePaymentSession, returnUrlWithStatus, findPaymentSession, type PaymentOutcome } from './domain/payment';
import { DEFAULT_LANGUAGE_ID, type LanguageKey } from './known-ids';

// The embedded payment provider (/payment-provider/{sessionId}): the page an asynchronous payment method
// (card, TWINT, PostFinance, PayPal, Apple Pay) sends the shopper to, where they pay, fail or cancel.
// Server-rendered, no JavaScript. The session id (192 random bits) is the only secret and works once: the
// buttons POST back to it, the outcome is recorded, and the shopper is sent (303) to the shop's finishUrl or
// errorUrl — which handle-payment only accepted on the shop's own origin, so this is never an open redirect.
// No money moves: the page is a simulation, on only while `paymentSimulation` is (PAYMENT_SIMULATION; by default on
// a local shop, off on a public host). Off, the page pays nothing and says so; a real provider takes its place
// through Shopware's payment handlers (README, "Payment").

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
    testBanner: string;
    offTitle: string;
    off: string;
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
    testBanner: 'Testzahlung: Dieser Shop verwendet einen simulierten Zahlungsanbieter. Es wird kein Geld belastet, die Bestellung gilt trotzdem als bezahlt.',
    offTitle: 'Zahlung nicht möglich',
    off: 'Auf dieser Seite kann nicht bezahlt werden: Testzahlungen sind in diesem Shop ausgeschaltet. Bitte kehren Sie zum Shop zurück und wählen Sie eine andere Zahlungsart.',
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
    testBanner: 'Pagamento di prova: questo negozio usa un fornitore di pagamento simulato. Non viene addebitato alcun importo, ma l’ordine risulta comunque pagato.',
    offTitle: 'Pagamento non possibile',
    off: 'Su questa pagina non è possibile pagare: i pagamenti di prova sono disattivati in questo negozio. Torna al negozio e scegli un altro metodo di pagamento.',
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
    testBanner: 'Paiement de test : cette boutique utilise un prestataire de paiement simulé. Aucun montant n’est débité, mais la commande est tout de même considérée comme payée.',
    offTitle: 'Paiement impossible',
    off: 'Cette page ne permet pas de payer : les paiements de test sont désactivés dans cette boutique. Veuillez retourner à la boutique et choisir un autre mode de paiement.',
  },
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2733;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}dt{font-weight:600}dd{margin:0}
form{margin:.5rem 0}button{width:100%;padding:.75rem;font-size:1rem;border-radius:6px;border:2px solid #1e8449;cursor:pointer}
button:focus-visible{outline:3px solid #1f618d;outline-offset:2px}.pay{background:#1e8449;color:#fff}.fail{background:#fff;color:#a93226;border-color:#a93226}
.cancel{background:#fff;color:#1d2733;border-color:#566573}p.hint{font-size:.85rem;color:#566573}a{color:#1f618d}
.test-payment{margin:0 0 1rem;padding:.75rem;border:2px solid #9a7d0a;border-radius:6px;background:#fcf3cf;color:#1d2733;font-weight:600}`;

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

function messagePage(c: Context, language: LanguageKey, status: 404 | 410, kind: 'used' | 'unknown' | 'off', backUrl: string | null): Response {
  const t = TEXT[language];
  const title = { used: t.usedTitle, unknown: t.unknownTitle, off: t.offTitle }[kind];
  const text = { used: t.used, unknown: t.unknown, off: t.off }[kind];
  const back = backUrl ? `<p><a href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p>` : '';
  return c.html(page(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}`), status, SECURITY_HEADERS);
}

const OUTCOMES: Record<string, PaymentOutcome> = { pay: 'paid', fail: 'failed', cancel: 'cancelled' };

/** The start-up warning of a public host whose payments are simulated (orders are paid with a click), or null. */
export function paymentSimulationWarning(config: Pick<StoreApiConfig, 'paymentSimulation' | 'origins'>): string | null {
  if (!config.paymentSimulation || !config.origins.publicHost) return null;
  return `PAYMENT_SIMULATION=true on the public host ${config.origins.primary}: the embedded payment provider page marks orders paid with one click and no money moves. Use it for test shops only; unset it before real customers order.`;
}

export function registerPaymentProviderRoutes(app: Hono, deps: StoreApiDeps): void {
  app.get('/payment-provider/:sessionId', (c) => {
    const session = findPaymentSession(deps.db, c.req.param('sessionId'));
    const order = session ? findOrder(deps.db, session.order_id) : undefined;
    if (!session || !order) return messagePage(c, preferredLanguage(c), 404, 'unknown', null);
    const language = languageKeyOf(order.language_id);
    // A page opened before the simulation was turned off (or made by a direct Store API call) pays nothing either.
    if (!deps.config.paymentSimulation) return messagePage(c, language, 404, 'off', session.error_url);
    if (session.status !== 'open') return messagePage(c, language, 410, 'used', session.finish_url);
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
      `<p class="test-payment" role="note">${escapeHtml(t.testBanner)}</p>` +
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
    if (!deps.config.paymentSimulation) return messagePage(c, language, 404, 'off', session.error_url);
    if (!outcome) return c.html(page(language, TEXT[language].title, `<p>400</p>`), 400, SECURITY_HEADERS);
    const done = completePaymentSession(deps.db, sessionId, outcome);
    if (!done) return messagePage(c, language, 410, 'used', session.finish_url);
    return c.redirect(returnUrlWithStatus(done.redirect, outcome), 303);
  });
}
