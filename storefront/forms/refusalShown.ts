import { splitShopErrors, type ShopErrorData } from './checkoutForms';

/**
 * The gateway's answer to a refused submit as a form shows it — after the enhanced submit and after a post without
 * scripts alike (`PostedFormState.errors`): the errors naming a known field beside it, the others in the alert, and
 * `unavailable` there when the gateway could not be reached (null).
 */
export function refusalShown(errors: readonly ShopErrorData[] | null, knownFields: readonly string[], unavailable: string): { byField: Record<string, string>; general: string[] } {
  return errors === null ? { byField: {}, general: [unavailable] } : splitShopErrors(errors, new Set(knownFields));
}
