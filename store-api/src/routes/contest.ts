import type { StoreApiApp } from '../app';
import { currentContest, enterContest } from '../domain/contest';
import { clientIpOf } from '../domain/rate-limit';
import { readBody } from '../request';

// The contest (SPEC §2 /wettbewerb): the current contest, and entries, one per email.

export function registerContestRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/contest', (c) => c.json(currentContest(c.get('deps').config)));

  app.post('/contest/entry', async (c) => {
    const result = enterContest(c.get('ctx'), c.get('deps').config, await readBody(c), clientIpOf(c));
    return c.json({ success: true, contestKey: result.contestKey, newsletter: result.newsletter, apiAlias: 'shop_contest_entry' });
  });
}
