import { describe, expect, it } from 'vitest';
import { wishlistHeartsStyle } from '../../server/wishlistHearts';

// The style that shows a logged-in customer's hearts without scripts (server/wishlistHearts.ts): the ids go into CSS
// inside the page's HTML, so anything but a product id is left out.

describe('wishlistHeartsStyle', () => {
  it('shows the "remove" heart and hides the "add" heart of each product on the wishlist', () => {
    const id = 'a'.repeat(32);
    expect(wishlistHeartsStyle([id])).toBe(
      `<style>[data-wishlist-add="${id}"]{display:none!important}[data-wishlist-remove="${id}"]{display:inline-flex!important}</style>`,
    );
  });

  it('leaves out what is not a product id, and adds nothing for an empty list', () => {
    expect(wishlistHeartsStyle(['"]{}</style><script>alert(1)</script>', 'B'.repeat(32)])).toBe('');
    expect(wishlistHeartsStyle([])).toBe('');
  });
});
