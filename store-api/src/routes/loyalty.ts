import type { StoreApiApp } from '../app';
import { applyForCard, assignCard, customerCard, loyaltyJson } from '../domain/loyalty';
import { requireAccount } from '../domain/customer';
import { clientIpOf } from '../domain/rate-limit';
import { readBody } from '../request';

// The shop's loyalty card routes (custom, no Shopware counterpart; logged-in accounts only):
// POST /loyalty (the card or null), /loyalty/apply (a new card), /loyalty/assign (an existing card, by its number and printed verification code).

export function registerLoyaltyRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/loyalty', (c) => {
    const ctx = c.get('ctx');
    return c.json(loyaltyJson(ctx, customerCard(ctx, requireAccount(ctx).id)));
  });

  app.post('/loyalty/apply', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    return c.json(loyaltyJson(ctx, applyForCard(ctx, customer, await readBody(c))));
  });

  app.post('/loyalty/assign', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    return c.json(loyaltyJson(ctx, await assignCard(ctx, customer, await readBody(c), clientIpOf(c))));
  });
}
