import { checkContestEntry, CONTEST_ENTERED_PARAMETER, CONTEST_ENTERED_VALUE, CONTEST_FORM, CONTEST_NEWSLETTER_PARAMETER, contestInputOf, EMPTY_CONTEST } from '../../storefront/features/contest/contestFormFields';
import { checkInsurer, EMPTY_INSURER, INSURER_FORM, insurerVariablesOf } from '../../storefront/features/insurer/insurerForm';
import { checkPollVote, EMPTY_POLL_VOTE, POLL_FORM, POLL_VOTED_PARAMETER, POLL_VOTED_VALUE, pollVoteInputOf } from '../../storefront/features/contest/pollForm';
import {
  checkDelivery,
  checkPickup,
  DELIVERY_FORM,
  deliveryInputOf,
  EMPTY_DELIVERY,
  EMPTY_PICKUP,
  PICKUP_FORM,
  pickupInputOf,
  pickupUploadsOf,
  prescriptionSentAddress,
} from '../../storefront/features/prescriptions/prescriptionForms';
import { CONTENT_PAGES } from '../../storefront/platform/i18n/contentPages';
import { INSURER_PAGE_PATHS } from '../../storefront/platform/navigation/insurerPaths';
import { textFields, type FormPostDefinition } from '../formPosts';

// The content and service pages' forms without JavaScript (ADR 0023): the contest entry, an editorial's poll vote,
// the prescription delivery and pickup (with its files) and the insurance number's verification. Each runs the
// enhanced form's own mutation after the enhanced form's own checks, and lands on the page showing the result.

/** The form's SPEC §5 problems, else the mutation's variables (made only when there is nothing to refuse). */
function problemsOr<R extends { variables: Record<string, unknown> }>(problems: object, accepted: () => R): { problems: Record<string, string> } | R {
  return Object.keys(problems).length > 0 ? { problems: problems as Record<string, string> } : accepted();
}

export const CONTENT_FORM_POSTS: readonly FormPostDefinition[] = [
  {
    // /wettbewerb · /it/concorso · /fr/concours
    form: CONTEST_FORM,
    path: CONTENT_PAGES.contest,
    mutation: 'ContestFormMutation',
    field: 'enterContest',
    keep: Object.keys(EMPTY_CONTEST),
    read(fields) {
      const values = textFields(fields, EMPTY_CONTEST);
      return problemsOr(checkContestEntry(values), () => ({ variables: { input: contestInputOf(values) } }));
    },
    // The page's confirmation, with the newsletter line when the entrant asked for it (as the enhanced form shows).
    done: (url, _locale, _allowList, _payload, { variables }) => {
      const newsletter = (variables.input as ReturnType<typeof contestInputOf>).newsletter;
      return `${url.pathname}?${CONTEST_ENTERED_PARAMETER}=${CONTEST_ENTERED_VALUE}${newsletter ? `&${CONTEST_NEWSLETTER_PARAMETER}=1` : ''}`;
    },
  },
  {
    // An editorial's poll (/e/…): the article names its poll in a hidden field; the gateway checks the option is its.
    form: POLL_FORM,
    path: '/e/*',
    mutation: 'PollBoxVoteMutation',
    field: 'votePoll',
    keep: ['optionId'],
    read(fields) {
      const values = textFields(fields, EMPTY_POLL_VOTE);
      return problemsOr(checkPollVote(values), () => ({ variables: { input: pollVoteInputOf(values) } }));
    },
    // The article again: the session has voted, so the poll shows its results, with the thanks.
    done: (url) => `${url.pathname}?${POLL_VOTED_PARAMETER}=${POLL_VOTED_VALUE}`,
  },
  {
    // The medications page (/medikamente · /it/medicinali · /fr/medicaments) has both prescription forms.
    form: DELIVERY_FORM,
    path: CONTENT_PAGES.medications,
    mutation: 'PrescriptionDeliveryFormMutation',
    field: 'requestPrescriptionDelivery',
    keep: Object.keys(EMPTY_DELIVERY),
    read(fields) {
      const values = textFields(fields, EMPTY_DELIVERY);
      return problemsOr(checkDelivery(values), () => ({ variables: { input: deliveryInputOf(values) } }));
    },
    // The request number and where to post the prescription.
    done: (url, _locale, _allowList, payload) => prescriptionSentAddress(url.pathname, 'delivery', String(payload.requestNumber)),
  },
  {
    form: PICKUP_FORM,
    path: CONTENT_PAGES.medications,
    mutation: 'PrescriptionPickupFormMutation',
    field: 'requestPrescriptionPickup',
    keep: Object.keys(EMPTY_PICKUP),
    uploads: true,
    read(fields, _url, files) {
      const values = textFields(fields, EMPTY_PICKUP);
      const card = files.get('insuranceCard')?.[0];
      const prescriptions = files.get('prescriptions') ?? [];
      return problemsOr(checkPickup(values, card, prescriptions), () => ({
        variables: { input: pickupInputOf(values), insuranceCard: null, prescriptions: prescriptions.map(() => null) },
        uploads: pickupUploadsOf(card!, prescriptions),
      }));
    },
    // The request number and the pickup date.
    done: (url, _locale, _allowList, payload) => prescriptionSentAddress(url.pathname, 'pickup', String(payload.requestNumber), String(payload.pickupDate)),
  },
  {
    // The insurer page (/versicherte · /it/assicurati · /fr/assures), for logged-in customers.
    form: INSURER_FORM,
    path: INSURER_PAGE_PATHS,
    mutation: 'InsurerVerificationMutation',
    field: 'verifyInsurance',
    keep: Object.keys(EMPTY_INSURER),
    read(fields) {
      const values = textFields(fields, EMPTY_INSURER);
      return problemsOr(checkInsurer(values), () => ({ variables: insurerVariablesOf(values) }));
    },
    // The page again: it shows the verified status and the welcome voucher.
    done: (url) => url.pathname,
  },
];
