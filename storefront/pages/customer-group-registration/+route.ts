// A customer group's registration page (SPEC §2 page type, Shopware's path): /customer-group-registration/{groupId},
// /it/…, /fr/…; the gateway answers null (→ 404) for a group without an open registration.
export default '/customer-group-registration/@customerGroupId';
