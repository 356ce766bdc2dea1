import { checkRegisterForm, CUSTOMER_GROUP_REGISTRATION_FORM, groupRegistrationInput, REGISTER_FIELD_ORDER, registerFormOf } from '../../storefront/features/account/accountForms';
import type { FormPostDefinition } from '../formPosts';

// A customer group's registration page without JavaScript (ADR 0023): the registration form of /register, posted to
// the group's page (/customer-group-registration/{id}); the account it creates requests the group its address names.

/** Everything the form shows again after a refusal: all but the passwords (as /register). */
const KEPT_FIELDS = REGISTER_FIELD_ORDER.filter((field) => field !== 'password' && field !== 'passwordConfirmation');

/** The group the page's address names (the page itself answers 404 for a group without an open registration). */
function customerGroupIdOf(url: URL): string {
  return decodeURIComponent(url.pathname.split('/').pop() ?? '').toLowerCase();
}

export const CUSTOMER_GROUP_FORM_POSTS: readonly FormPostDefinition[] = [
  {
    form: CUSTOMER_GROUP_REGISTRATION_FORM,
    path: '/customer-group-registration/*',
    mutation: 'RegisterFormMutation',
    field: 'register',
    keep: KEPT_FIELDS,
    read(fields, url) {
      const values = registerFormOf(Object.fromEntries(REGISTER_FIELD_ORDER.map((name) => [name, fields.get(name) ?? undefined])));
      const problems = checkRegisterForm(values);
      return Object.keys(problems).length ? { problems } : { variables: { input: groupRegistrationInput(values, customerGroupIdOf(url)) } };
    },
    // The page again with the double opt-in text and that the request will be checked; no address in the URL.
    done: (url) => `${url.pathname}?registered=1`,
  },
];
