import { builder } from './builder';
import { NAME_MAX } from './customer';
import { InputCheck, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The contact form (Shopware's POST /contact-form): stored and mailed to the shop's service address.

/** The Store API's limit for the message (STOREAPI6: comment ≤ 5000). */
const COMMENT_MAX = 5000;

interface ContactPayloadShape {
  sent: boolean;
  errors: ShopError[];
}

const ContactPayloadRef = builder.objectRef<ContactPayloadShape>('ContactPayload').implement({
  description: 'Whether the contact form was sent, and what went wrong.',
  fields: (t) => ({
    sent: t.boolean({ description: 'True when the message was received.', resolve: (p) => p.sent }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const ContactFormInput = builder.inputType('ContactFormInput', {
  description: 'The contact form.',
  fields: (t) => ({
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    email: t.string({ required: true, description: 'Email address.' }),
    phone: t.string({ required: false, description: 'Phone number.' }),
    subject: t.string({ required: true, description: 'Subject.' }),
    comment: t.string({ required: true, description: `The message (at most ${COMMENT_MAX} characters).` }),
  }),
});

builder.mutationField('sendContactForm', (t) =>
  t.field({
    type: ContactPayloadRef,
    description: 'Sends the contact form to the shop’s service (POST /contact-form); rate limited per client.',
    args: { input: t.arg({ type: ContactFormInput, required: true, description: 'The form.' }) },
    resolve: async (_root, { input }, ctx) => {
      try {
        const check = new InputCheck(ctx.locale);
        const salutationId = check.id('salutationId', input.salutationId, { optional: true });
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX });
        const email = check.email('email', input.email);
        const phone = check.text('phone', input.phone, { max: 40, optional: true });
        const subject = check.text('subject', input.subject, { max: 255 });
        const comment = check.text('comment', input.comment, { max: COMMENT_MAX });
        check.done();
        await ctx.store().invoke('sendContactMail post /contact-form', {
          body: {
            ...(salutationId ? { salutationId } : {}),
            firstName: firstName!,
            lastName: lastName!,
            email: email!,
            ...(phone ? { phone } : {}),
            subject: subject!,
            comment: comment!,
          } as never,
        });
        return { sent: true, errors: [] };
      } catch (error) {
        return { sent: false, errors: shopErrorsOf(ctx, error) };
      }
    },
  }),
);
