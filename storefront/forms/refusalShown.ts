import { splitShopErrors, type ShopErrorData } from './checkoutForms';

/**
 * The gateway's answer to a refused submit as a form shows it — after the enhanced submit and after a post without
 * scripts alike (`PostedFormState.errors`): the errors naming a known field beside it (after `rename`, which maps the
 * gateway's field names onto the form's), the others in the alert, and `unavailable` there when the gateway could not
 * be reached (null).
 */
export function refusalShown(
  errors: readonly ShopErrorData[] | null,
  knownFields: readonly string[],
  unavailable: string,
  rename?: (field: string) => string,
): { byField: Record<string, string>; general: string[] } {
  if (errors === null) return { byField: {}, general: [unavailable] };
  const named = rename ? errors.map((error) => (error.field ? { ...error, field: rename(error.field) } : error)) : errors;
  return splitShopErrors(named, new Set(knownFields));
}
