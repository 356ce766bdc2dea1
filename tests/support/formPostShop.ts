import { Hono } from 'hono';
import pino from 'pino';
import { mountCartForms } from '../../server/cartForms';
import { mountFormPosts } from '../../server/formPosts';
import { usePersistedOperations } from '../../server/persistedOperations';
import type { PostedFormState } from '../../storefront/forms/postedForm';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { openTestGateway, type TestGateway } from './gateway';
import { ORIGIN } from './shop';

// The form kit's server half as the server mounts it (ADR 0023), over the real gateway and a private copy of the
// seeded shop (the forms write customers, orders, entries): a refused post is recorded in `shownAgain` instead of
// rendering its page, answered 422 (503 when the gateway could not be reached).

export interface ShownAgain {
  url: string;
  method: string;
  formPost: PostedFormState;
}

export interface FormPostShop {
  shop: TestGateway;
  app: Hono;
  shownAgain: ShownAgain[];
}

/** `cartForms`: the cart's own forms too (the checkout's journeys start in the cart). */
export async function openFormPostShop(options: { cartForms?: boolean } = {}): Promise<FormPostShop> {
  const shop = await openTestGateway({ privateShop: true, plugins: [usePersistedOperations('persisted_queries.json')] });
  const app = new Hono();
  const shownAgain: ShownAgain[] = [];
  const origins = readShopOrigins({ PUBLIC_ORIGIN: ORIGIN });
  const logger = pino({ level: 'silent' });
  if (options.cartForms) mountCartForms(app, { gateway: shop.gateway, logger, origins });
  mountFormPosts(app, {
    gateway: shop.gateway,
    logger,
    origins,
    redirectAllowList: [],
    renderAgain: async (_c, request, formPost) => {
      shownAgain.push({ url: request.url, method: request.method, formPost });
      return new Response('the page again', { status: formPost.errors === null ? 503 : 422 });
    },
  });
  return { shop, app, shownAgain };
}
