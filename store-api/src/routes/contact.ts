import type { StoreApiApp } from '../app';
import { sendContactMessage } from '../domain/contact';
import { clientIpOf } from '../domain/rate-limit';
import { readBody } from '../request';

// Shopware's contact form route: the message is stored and mailed to the shop's service address.

export function registerContactRoutes(app: StoreApiApp): void {
  app.post('/contact-form', async (c) => {
    sendContactMessage(c.get('ctx'), await readBody(c), clientIpOf(c));
    return c.json({ individualSuccessMessage: '', apiAlias: 'contact_form_result' });
  });
}
