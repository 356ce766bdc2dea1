import { useEffect, useRef, useState, type ComponentType } from 'react';
import { ProductReviewForm } from './ProductReviewForm';

type Form = ComponentType<{ productId: string }>;

/**
 * The review form as an island of server HTML (ADR 0030): rendered on the server, kept as it is when the page
 * hydrates (its code and texts never reach the product page's JavaScript, ADR 0014), loaded as a chunk of its own
 * only when the page was reached by a client navigation and so has no server HTML for it.
 */
export function ReviewFormIsland({ productId }: { productId: string }) {
  if (import.meta.env.SSR) {
    return (
      <div data-island="review-form">
        <ProductReviewForm productId={productId} />
      </div>
    );
  }
  return <ReviewFormInBrowser productId={productId} />;
}

function ReviewFormInBrowser({ productId }: { productId: string }) {
  const island = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<{ Form: Form } | null>(null);
  useEffect(() => {
    if (island.current?.hasChildNodes()) return;
    void import('./ProductReviewForm').then((module) => setForm({ Form: module.ProductReviewForm }));
  }, []);
  if (form) {
    return (
      <div key="loaded" data-island="review-form">
        <form.Form productId={productId} />
      </div>
    );
  }
  // The server's HTML stays: React does not compare inner HTML when it hydrates.
  return <div key="server" ref={island} data-island="review-form" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
