import type { Discount, PromotionRow } from '../promotions';
import { roundPrice, taxRulesJson } from '../pricing';
import type { ProductFacts } from './product-facts';
import { maxQuantityOf } from './quantity';
import type { CalculatedCart, StoredLineItem } from './types';

// The cart as Shopware 6.7's Store API sends it (apiAlias cart, cart_line_item, cart_price …): built
// once per calculation, ready to send.

export type Json = Record<string, unknown>;

function taxEntry(tax: number, taxRate: number, price: number): Json {
  return { tax, taxRate, price, apiAlias: 'cart_tax_calculated' };
}

export function productLineJson(
  line: StoredLineItem,
  facts: ProductFacts,
  quantity: number,
  price: Json,
  cover: Json | null,
  deliveryTime: Json | null,
  insurerDiscount: Json | null = null,
): Json {
  const unitPrice = price.unitPrice as number;
  const maxPurchase = maxQuantityOf(facts);
  const state = facts.isDownload ? 'is-download' : 'is-physical';
  return {
    id: line.id,
    referencedId: facts.id,
    label: facts.name,
    quantity,
    type: 'product',
    good: true,
    description: null,
    removable: true,
    stackable: true,
    modified: false,
    modifiedByApp: false,
    uniqueIdentifier: line.id,
    states: [state],
    payload: {
      // Shopware's product snapshot (plus the fields its schema asks for: id, name, options)
      id: facts.id,
      type: facts.isDownload ? 'digital' : 'physical',
      parentId: facts.parentId,
      productNumber: facts.productNumber,
      name: facts.name,
      taxId: facts.taxId,
      manufacturerId: facts.manufacturerId,
      stock: facts.stock,
      availableStock: facts.availableStock,
      isCloseout: facts.isCloseout,
      shippingFree: facts.shippingFree,
      options: facts.options.map((o) => ({ group: o.group, option: o.option, translated: { group: o.group, option: o.option } })),
      // the shop's own
      clickAndCollect: facts.clickCollectOnly,
      prescriptionRequired: facts.prescriptionRequired,
      isDownload: facts.isDownload,
      ...(insurerDiscount ? { insurerDiscount } : {}),
    },
    price,
    priceDefinition: {
      type: 'quantity',
      price: unitPrice,
      quantity,
      isCalculated: true,
      taxRules: taxRulesJson(facts.taxRate),
      listPrice: null,
      regulationPrice: null,
      referencePriceDefinition: null,
      apiAlias: 'cart_price_quantity',
    },
    deliveryInformation: {
      stock: facts.availableStock,
      weight: facts.weightKg,
      freeDelivery: facts.shippingFree,
      restockTime: null,
      deliveryTime,
      width: facts.width,
      height: facts.height,
      length: facts.length,
      apiAlias: 'cart_delivery_information',
    },
    quantityInformation: {
      minPurchase: facts.minPurchase,
      maxPurchase,
      purchaseSteps: facts.purchaseSteps,
      apiAlias: 'cart_quantity_information',
    },
    cover,
    children: [],
    dataTimestamp: null,
    dataContextHash: null,
    extensions: {},
    apiAlias: 'cart_line_item',
  };
}

function cartTaxJson(taxes: { taxRate: number; tax: number; price: number }[]): { calculatedTaxes: Json[]; taxRules: Json[] } {
  const total = taxes.reduce((sum, t) => sum + t.price, 0);
  return {
    calculatedTaxes: taxes.map((t) => taxEntry(t.tax, t.taxRate, t.price)),
    taxRules: taxes.map((t) => ({
      taxRate: t.taxRate,
      percentage: total > 0 ? roundPrice((t.price / total) * 100) : 100 / taxes.length,
      apiAlias: 'cart_tax_rule',
    })),
  };
}

/** A promotion's line item: its discount as the price, split over the VAT rates of the goods it discounts. */
export function promotionLineJson(line: StoredLineItem, promotion: PromotionRow, discount: Discount, label: string): Json {
  const total = discount.total;
  const rates = discount.parts;
  const priceJson: Json = {
    unitPrice: total,
    quantity: 1,
    totalPrice: total,
    calculatedTaxes: rates.map((p) => taxEntry(p.tax, p.taxRate, p.price)),
    taxRules: rates.map((p) => ({ taxRate: p.taxRate, percentage: total !== 0 ? roundPrice((p.price / total) * 100) : 100, apiAlias: 'cart_tax_rule' })),
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
  const priceDefinition: Json =
    promotion.discount_type === 'percentage'
      ? { type: 'percentage', percentage: -promotion.value, filter: null, isCalculated: true, apiAlias: 'cart_price_percentage' }
      : { type: 'absolute', price: promotion.discount_type === 'absolute' ? -promotion.value : 0, filter: null, isCalculated: true, apiAlias: 'cart_price_absolute' };
  return {
    id: line.id,
    referencedId: promotion.code,
    label,
    quantity: 1,
    type: 'promotion',
    good: false,
    description: promotion.code,
    removable: true,
    stackable: false,
    modified: false,
    modifiedByApp: false,
    uniqueIdentifier: line.id,
    states: [],
    payload: {
      code: promotion.code,
      promotionId: promotion.id,
      discountType: promotion.discount_type,
      value: promotion.value,
      discountScope: promotion.discount_type === 'free_shipping' ? 'delivery' : 'cart',
      promotionCodeType: 'fixed',
    },
    price: priceJson,
    priceDefinition,
    deliveryInformation: null,
    quantityInformation: null,
    cover: null,
    children: [],
    dataTimestamp: null,
    dataContextHash: null,
    extensions: {},
    apiAlias: 'cart_line_item',
  };
}

function isoDateTime(date: string): string {
  return `${date}T00:00:00.000+00:00`;
}

/** Where and how the cart's one delivery goes, as Shopware's entities (null when not found). */
export interface DeliveryJson {
  shippingMethod: Json | null;
  country: Json | null;
}

/** The whole cart (apiAlias cart), with its one delivery unless nothing ships (`delivery` null). */
export function cartJson(cart: CalculatedCart, shippingCosts: Json, delivery: DeliveryJson | null): Json {
  const { calculatedTaxes, taxRules } = cartTaxJson(cart.taxes);
  const deliveries: Json[] = [];
  if (delivery) {
    const deliveryDate = {
      earliest: isoDateTime(cart.expectedDelivery?.earliest ?? new Date().toISOString().slice(0, 10)),
      latest: isoDateTime(cart.expectedDelivery?.latest ?? new Date().toISOString().slice(0, 10)),
      apiAlias: 'cart_delivery_date',
    };
    deliveries.push({
      deliveryDate,
      location: { country: delivery.country, state: null, address: null, apiAlias: 'cart_delivery_shipping_location' },
      positions: cart.lineItems
        .filter((l) => l.type === 'product' && !l.product?.isDownload)
        .map((l) => ({ identifier: l.id, lineItem: l.json, quantity: l.quantity, price: l.json.price, deliveryDate, apiAlias: 'cart_delivery_position' })),
      shippingCosts,
      shippingMethod: delivery.shippingMethod,
      apiAlias: 'cart_delivery',
    });
  }
  const errors = cart.errors.length ? Object.fromEntries(cart.errors.map((e) => [e.key, e])) : [];
  return {
    name: 'sales-channel',
    token: cart.token,
    price: {
      netPrice: cart.netPrice,
      totalPrice: cart.totalPrice,
      positionPrice: cart.positionPrice,
      rawTotal: cart.rawTotal ?? cart.totalPrice,
      taxStatus: 'gross',
      calculatedTaxes,
      taxRules,
      apiAlias: 'cart_price',
    },
    lineItems: cart.lineItems.map((l) => l.json),
    errors,
    deliveries,
    transactions: [
      {
        paymentMethodId: cart.paymentMethodId,
        amount: {
          unitPrice: cart.totalPrice,
          quantity: 1,
          totalPrice: cart.totalPrice,
          calculatedTaxes,
          taxRules,
          referencePrice: null,
          listPrice: null,
          regulationPrice: null,
          apiAlias: 'calculated_price',
        },
        validationStruct: null,
        apiAlias: 'cart_transaction',
      },
    ],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {
      'cart-promotions': { addedCodes: cart.promotionCodes ?? [], blockedPromotionIds: [], apiAlias: 'cart_promotions_data' },
      'pharmacy-shop': {
        fulfilment: cart.fulfilment,
        isVirtual: cart.isVirtual,
        weightKg: cart.weightKg,
        freeShipping: cart.freeShipping,
        expectedDelivery: cart.expectedDelivery
          ? {
              kind: cart.expectedDelivery.kind,
              earliest: cart.expectedDelivery.earliest,
              latest: cart.expectedDelivery.latest,
              dispatchDay: cart.expectedDelivery.dispatchDay ?? null,
            }
          : null,
        pharmacyId: cart.pharmacyId,
        taxes: cart.taxes,
        apiAlias: 'pharmacy_shop_cart',
      },
    },
    apiAlias: 'cart',
  };
}
