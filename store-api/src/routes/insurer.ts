import type { StoreApiApp } from '../app';
import { insurerStatus, verifyInsurance } from '../domain/insurer';
import { clientIpOf } from '../domain/rate-limit';
import { readBody } from '../request';

// Insurer partnership (SPEC §9): verification of the insurance number, insured pricing.
// The shop's own routes (Shopware has none): POST /insurer answers the logged-in customer's status,
// POST /insurer/verify checks a member number and moves the customer into the insured customer group.

export function registerInsurerRoutes(app: StoreApiApp): void {
  app.post('/insurer', (c) => c.json(insurerStatus(c.get('ctx'))));
  app.post('/insurer/verify', async (c) => c.json(verifyInsurance(c.get('ctx'), await readBody(c), clientIpOf(c))));
}
