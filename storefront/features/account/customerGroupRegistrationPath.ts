/** A customer group's registration page without the language prefix (Shopware's path for the page type). */
export function customerGroupRegistrationPath(customerGroupId: string): string {
  return `/customer-group-registration/${customerGroupId}`;
}
