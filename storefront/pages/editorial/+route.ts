// /e/ editorial detail with poll, quote, fact and recommended products (SPEC §2).
export default '/e/*';
