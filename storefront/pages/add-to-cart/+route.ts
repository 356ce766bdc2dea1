// Add-to-cart links (SPEC §2): /checkout/add-to-cart?productId=…&quantity=… — a spinner page.
export default '/checkout/add-to-cart';
