import type { GqlOptions, GqlResult } from '../support/gateway';
import { openTestShop } from '../support/shop';

// A browser of the gateway tests of issue 5: keeps its cookies (context token, language, order access)
// between requests the way a browser does, so a test reads like a shopper's visit.

export interface Browser {
  cookies: Record<string, string>;
  gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GqlResult>;
}

export function browser(
  gw: { gql(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<GqlResult> },
  cookies: Record<string, string> = {},
): Browser {
  const jar: Record<string, string> = { ...cookies };
  return {
    cookies: jar,
    async gql(query, variables, headers) {
      const result = await gw.gql(query, variables, { cookies: jar, ...(headers ? { headers } : {}) });
      for (const line of result.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        jar[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
      }
      return result;
    },
  };
}

export interface TestProducts {
  /** an in-stock delivery product without tiers, price 5..40 CHF */
  delivery: { id: string; price: number; name: string };
  /** a second delivery product */
  delivery2: { id: string; price: number };
  /** a Click & Collect-only product */
  clickAndCollect: { id: string };
  /** a download (digital) product */
  download: { id: string } | null;
}

/** Products of the seeded shop for the cart tests (read from the database, no guessing of numbers). */
export async function testProducts(): Promise<TestProducts> {
  const shop = await openTestShop();
  try {
    const base = `SELECT p.id, p.price, p.product_number FROM product p
      WHERE p.active = 1 AND p.available = 1 AND p.child_count = 0 AND p.stock > 20 AND p.min_purchase = 1 AND p.purchase_steps = 1
        AND p.prescription_required = 0 AND p.is_closeout = 0
        AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)`;
    const deliveries = shop.db
      .prepare(`${base} AND p.max_purchase IS NULL AND p.click_collect_only = 0 AND p.type = 'physical' AND p.price BETWEEN 5 AND 40 ORDER BY p.product_number LIMIT 2`)
      .all() as { id: string; price: number; product_number: string }[];
    const cc = shop.db.prepare(`${base} AND p.click_collect_only = 1 ORDER BY p.product_number LIMIT 1`).get() as { id: string } | undefined;
    const download = shop.db.prepare(`${base} AND p.type = 'digital' ORDER BY p.product_number LIMIT 1`).get() as { id: string } | undefined;
    if (deliveries.length < 2 || !cc) throw new Error('the seeded shop lacks delivery or Click & Collect products');
    const name = (shop.db.prepare('SELECT name FROM product_translation WHERE product_id = ? LIMIT 1').get(deliveries[0]!.id) as { name: string } | undefined)?.name ?? '';
    return {
      delivery: { id: deliveries[0]!.id, price: deliveries[0]!.price, name },
      delivery2: { id: deliveries[1]!.id, price: deliveries[1]!.price },
      clickAndCollect: { id: cc.id },
      download: download ? { id: download.id } : null,
    };
  } finally {
    shop.close();
  }
}

export const CART_FIELDS = `
  id productCount isEmpty isVirtual fulfilment positionPrice shippingCosts totalPrice netPrice
  taxes { taxRate tax price }
  freeShipping { threshold missingAmount reached }
  expectedDelivery { kind dispatchDay earliest latest }
  promotionCodes blocksOrder
  errors { key messageKey level message }
  lineItems { id type label quantity unitPrice totalPrice taxRate listPrice promotionCode isDownload clickAndCollectOnly prescriptionRequired removable quantityMin quantityMax quantityStep }
`;

export const CART_PAYLOAD = `cart { ${CART_FIELDS} } errors { code message field }`;
