// The cart (SPEC §2): /checkout/cart in the checkout layout.
export default '/checkout/cart';
