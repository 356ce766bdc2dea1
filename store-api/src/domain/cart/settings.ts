import type { Db } from '../../db/connection';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CHF } from '../../config';

export interface CartSettings {
  freeShippingThresholdChf: number;
}

const settingsByDb = new WeakMap<Db, CartSettings>();

/** The Store API binds its configuration to its database when it is created (app.ts). */
export function configureCart(db: Db, settings: CartSettings): void {
  settingsByDb.set(db, settings);
}

export function settingsOf(db: Db): CartSettings {
  return settingsByDb.get(db) ?? { freeShippingThresholdChf: DEFAULT_FREE_SHIPPING_THRESHOLD_CHF };
}

/** The order value (CHF) from which delivery is free: the cart's rule, which product pages promise too. */
export function freeShippingThresholdChf(db: Db): number {
  return settingsOf(db).freeShippingThresholdChf;
}
