import { graphql, useFragment } from 'react-relay/hooks';
import { ContactForm } from './ContactForm';
import { NewsletterSignup } from '../newsletter';
import type { CmsFormSlot_form$key } from './__generated__/CmsFormSlot_form.graphql';

/**
 * A CMS form element (Shopware's form types): the shop's own contact form or newsletter signup, with the same
 * checks and the same post without scripts (they post to the contact page and to /newsletter-subscribe, whose
 * forms show a refusal; ADR 0023).
 */
export function CmsFormSlot({ form }: { form: CmsFormSlot_form$key }) {
  const data = useFragment(
    graphql`
      fragment CmsFormSlot_form on CmsForm {
        formType
        title
      }
    `,
    form,
  );
  switch (data.formType) {
    case 'CONTACT':
      return <ContactForm title={data.title} />;
    case 'NEWSLETTER':
      return <NewsletterSignup formName="newsletter-cms" title={data.title} />;
    default:
      return null;
  }
}
