// The loyalty card area's path (SPEC §2 /account/my-{product}: the shop's card is the VitalCard).
export const LOYALTY_PATH = '/account/my-vitalcard';
