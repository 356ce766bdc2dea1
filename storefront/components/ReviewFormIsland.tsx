import { useEffect, useState, type ComponentType } from 'react';
import { serverIslands } from './serverIslands';

type Form = ComponentType<{ productId: string }>;

/**
 * The review form as an island of server HTML (ADR 0030): rendered on the server, kept as it is when the page
 * hydrates (its code and texts never reach the product page's JavaScript, ADR 0014), loaded as a chunk of its own
 * only when the page was reached by a client navigation and so has no server HTML for it.
 */
export function ReviewFormIsland({ productId }: { productId: string }) {
  if (import.meta.env.SSR) {
    const Form = serverIslands.reviewForm;
    return <div data-island="review-form">{Form ? <Form productId={productId} /> : null}</div>;
  }
  return <ReviewFormInBrowser productId={productId} />;
}

function ReviewFormInBrowser({ productId }: { productId: string }) {
  // The server's HTML, read before hydration commits, is rendered again as it is: nothing to hydrate, nothing cleared.
  // Only this product's: after a client navigation the island still in the page is the previous product's.
  const [serverHtml] = useState(() => {
    const html = document.querySelector('[data-island="review-form"]')?.innerHTML ?? '';
    return html.includes(`/detail/${productId}"`) ? html : '';
  });
  const [form, setForm] = useState<{ Form: Form } | null>(null);
  useEffect(() => {
    if (serverHtml) return;
    void import('./ProductReviewForm').then((module) => setForm({ Form: module.ProductReviewForm }));
  }, [serverHtml]);
  if (form) {
    return (
      <div key="loaded" data-island="review-form">
        <form.Form productId={productId} />
      </div>
    );
  }
  return <div key="server" data-island="review-form" dangerouslySetInnerHTML={{ __html: serverHtml }} />;
}
