// The last fallback (SPEC §2): any other path is resolved by the gateway's route(path) — a product, a
// category (also under /cp/…), a landing page, a content page, or the 404.
export default '/*';
