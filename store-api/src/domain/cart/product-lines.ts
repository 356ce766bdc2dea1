import { loadMedia } from '../../entities/media';
import { insuredUnitPrice } from '../insurer';
import { calculatedPrice, includedTax } from '../pricing';
import { cartError } from './errors';
import type { ProductFacts } from './product-facts';
import { clampQuantity, maxQuantityOf, stockReached, tierUnitPrice } from './quantity';
import type { CartReads } from './reads';
import { productLineJson, type Json } from './shopware-json';
import type { CalculatedLineItem, CartError, StoredLineItem } from './types';

// The cart's product lines at the catalogue's price of now: tier prices, the insured discount, VAT per line.

export interface ProductLines {
  lines: CalculatedLineItem[];
  errors: CartError[];
  /** the delivery times of the shop, loaded once for the lines and the cart's delivery */
  deliveryTimes: Map<string, Json> | undefined;
}

/**
 * Prices the stored product lines. A line whose product is gone from the catalogue is left out; one that can
 * no longer be bought stays (so the shopper sees it) with an error that blocks the order.
 */
export function calculateProductLines(reads: CartReads, productLines: StoredLineItem[], facts: Map<string, ProductFacts>): ProductLines {
  const errors: CartError[] = [];
  const deliveryTimes = productLines.length ? reads.deliveryTimes() : undefined;
  const covers = loadMedia(reads.ctx, productLines.flatMap((l) => facts.get(l.referencedId)?.coverMediaId ?? []));
  // Insured customers' discount on medicines (insurer partnership): a lower unit price, the regular one as list price.
  const insuredTier = productLines.length ? (reads.customer()?.insuredTier ?? null) : null;
  const lines: CalculatedLineItem[] = [];
  for (const line of productLines) {
    const product = facts.get(line.referencedId);
    if (!product) continue;
    const clamped = clampQuantity(line.quantity, product);
    const quantity = clamped.quantity > 0 ? clamped.quantity : line.quantity;
    if (!product.buyable || clamped.adjusted === 'out-of-stock') {
      errors.push(
        cartError(`product-not-available-${product.id}`, 'product-not-available', 20, `The product ${product.name} is not available.`, {
          name: product.name,
          productId: product.id,
        }),
      );
    } else if ((clamped.adjusted === 'stock' || clamped.adjusted === 'max') && clamped.quantity < line.quantity) {
      // The stock of a closeout fell since the line was added: the shopper gets what is there.
      errors.push(stockReached(product, clamped.quantity, clamped.adjusted === 'max' ? 'max-purchase' : 'stock'));
    }
    const tierPrice = tierUnitPrice(product, quantity);
    const insured = insuredUnitPrice(insuredTier, product.medicationKind, tierPrice.unitPrice);
    const price = calculatedPrice({ unitPrice: insured.unitPrice, quantity, taxRate: product.taxRate, listPrice: insured.regularPrice ?? tierPrice.listPrice });
    const totalPrice = price.totalPrice as number;
    const deliveryTime = product.deliveryTimeId ? deliveryTimes?.get(product.deliveryTimeId) : undefined;
    lines.push({
      id: line.id,
      type: 'product',
      referencedId: product.id,
      label: product.name,
      quantity,
      unitPrice: price.unitPrice as number,
      totalPrice,
      taxRate: product.taxRate,
      tax: includedTax(totalPrice, product.taxRate),
      listPrice: (price.listPrice as { price: number } | null)?.price ?? null,
      product: {
        productNumber: product.productNumber,
        weightKg: product.weightKg,
        clickAndCollectOnly: product.clickCollectOnly,
        prescriptionRequired: product.prescriptionRequired,
        isDownload: product.isDownload,
        shippingFree: product.shippingFree,
        coverMediaId: product.coverMediaId,
        stock: product.availableStock,
        minPurchase: product.minPurchase,
        maxPurchase: maxQuantityOf(product),
        purchaseSteps: product.purchaseSteps,
      },
      json: productLineJson(
        line,
        product,
        quantity,
        price,
        product.coverMediaId ? (covers.get(product.coverMediaId) ?? null) : null,
        deliveryTime
          ? { name: deliveryTime.name, min: deliveryTime.min, max: deliveryTime.max, unit: deliveryTime.unit, apiAlias: 'cart_delivery_time' }
          : null,
        insured.discount,
      ),
    });
  }
  return { lines, errors, deliveryTimes };
}

/** The cart's goods (its product lines): what ships, and whether anything ships at all. */
export interface Goods {
  lines: CalculatedLineItem[];
  /** everything but downloads */
  physical: CalculatedLineItem[];
  /** only downloads: nothing to ship */
  isVirtual: boolean;
}

export function goodsOf(lines: CalculatedLineItem[]): Goods {
  const goods = lines.filter((l) => l.type === 'product');
  const physical = goods.filter((l) => !l.product?.isDownload);
  return { lines: goods, physical, isVirtual: goods.length > 0 && physical.length === 0 };
}
