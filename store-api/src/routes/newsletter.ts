import type { StoreApiApp } from '../app';
import { confirmNewsletter, newsletterStatusOf, subscribeNewsletter, unsubscribeNewsletter } from '../domain/newsletter';
import { clientIpOf } from '../domain/rate-limit';
import { requireAccount } from '../domain/customer';
import { readBody } from '../request';

// Newsletter routes (SPEC §4 double opt-in): subscribe, confirm, unsubscribe, and the account's status.

export function registerNewsletterRoutes(app: StoreApiApp): void {
  app.post('/newsletter/subscribe', async (c) => {
    const status = subscribeNewsletter(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json({ success: true, status });
  });

  app.post('/newsletter/confirm', async (c) => {
    confirmNewsletter(c.get('ctx'), await readBody(c));
    return c.json({ success: true });
  });

  app.post('/newsletter/unsubscribe', async (c) => {
    unsubscribeNewsletter(c.get('ctx'), await readBody(c));
    return c.json({ success: true });
  });

  app.on(['GET', 'POST'], '/account/newsletter-recipient', (c) => {
    const ctx = c.get('ctx');
    return c.json({ status: newsletterStatusOf(ctx, requireAccount(ctx)), apiAlias: 'account_newsletter_recipient' });
  });
}
