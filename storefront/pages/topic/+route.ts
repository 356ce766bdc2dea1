// /t/ topic page with FAQ (and its FAQPage JSON-LD) and recommended products (SPEC §2); /t/bestseller is its own page.
export default '/t/*';
