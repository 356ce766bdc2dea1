import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { unavailableError, useShopMutation } from '../../platform/relay/useShopMutation';
import { CheckoutAlert, focusField, TextField, useFieldMessages } from '../../ui/CheckoutField';
import { useNotifications } from '../../shell/Notifications';
import { firstProblemField, splitShopErrors, type FieldProblems, type ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, RefusalFocus, refusedFieldOf, usePostedForm } from '../../forms/postedForm';
import { LOYALTY_PATH } from '../../platform/navigation/loyaltyPath';
import { INTL_LOCALE, localizedPath } from '../../platform/i18n/locales';
import { formatPrice } from '../../platform/i18n/money';
import type { LoyaltyArea_customer$key } from './__generated__/LoyaltyArea_customer.graphql';
import type { LoyaltyAreaApplyMutation } from './__generated__/LoyaltyAreaApplyMutation.graphql';
import type { LoyaltyAreaAssignMutation } from './__generated__/LoyaltyAreaAssignMutation.graphql';
import styles from './LoyaltyArea.module.css';
import {
  APPLICATION_FIELD_PATHS,
  APPLICATION_FIELDS,
  applicationInput,
  applicationValuesOf,
  ASSIGN_FIELDS,
  ASSIGN_SHAPE_TEXTS,
  checkApplicationFields,
  checkAssign,
  LOYALTY_FORMS,
  normalizeCardNumber,
  normalizeVerificationCode,
  type ApplicationValues,
} from './loyaltyForm';

/** The card's fields, read alike by the page's fragment and both mutations (spread unmasked: plain data). */
export const cardFields = graphql`
  fragment LoyaltyArea_card on LoyaltyCard {
    cardNumber
    status
    points
    pointsCollected
    pointsToNextVoucher
    voucherValue
    pointsPerVoucher
    vouchers {
      code
      value
      state
      orderNumber
    }
  }
`;

interface Voucher {
  readonly code: string;
  readonly value: number;
  readonly state: string;
  readonly orderNumber: string | null | undefined;
}

interface Card {
  readonly cardNumber: string;
  readonly status: string;
  readonly points: number;
  readonly pointsCollected: number;
  readonly pointsToNextVoucher: number;
  readonly voucherValue: number;
  readonly pointsPerVoucher: number;
  readonly vouchers: readonly Voucher[];
}

/** /account/my-vitalcard (SPEC §2, §3): the card with its points, or the forms to assign one or apply. */
export function LoyaltyArea({ customer: customerKey, refresh }: { customer: LoyaltyArea_customer$key; refresh: () => Promise<void> }) {
  const { t } = useTranslation('customer');
  const customer = useFragment(
    graphql`
      fragment LoyaltyArea_customer on Customer {
        firstName
        lastName
        email
        birthday
        defaultBillingAddress {
          street
          zipcode
          city
        }
        loyaltyCard {
          ...LoyaltyArea_card @relay(mask: false)
        }
      }
    `,
    customerKey,
  );
  // A card just assigned or applied for shows at once; the page's query is read again behind it.
  const [fresh, setFresh] = useState<Card | null>(null);
  const card = fresh ?? customer.loyaltyCard;
  const done = (next: Card) => {
    setFresh(next);
    void refresh();
  };
  return (
    <section className={styles.area} aria-labelledby="loyalty-title">
      <h1 id="loyalty-title">{t('loyalty.title')}</h1>
      {card ? (
        <CardDetail card={card} />
      ) : (
        <>
          <p>{t('loyalty.intro')}</p>
          <AssignForm onDone={done} />
          <ApplicationForm
            defaults={{
              firstName: customer.firstName,
              lastName: customer.lastName,
              birthday: customer.birthday ?? '',
              street: customer.defaultBillingAddress?.street ?? '',
              zipcode: customer.defaultBillingAddress?.zipcode ?? '',
              city: customer.defaultBillingAddress?.city ?? '',
              email: customer.email,
            }}
            onDone={done}
          />
        </>
      )}
    </section>
  );
}

function CardDetail({ card }: { card: Card }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const number = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const voucher = formatPrice(card.voucherValue, locale);
  // The points collected toward the next voucher: what is left after the vouchers already earned.
  const progress = Math.max(0, Math.min(card.pointsPerVoucher, card.pointsCollected));
  return (
    <div className={styles.card} data-testid="loyalty-card">
      <dl className={styles.facts}>
        <dt>{t('loyalty.cardNumber')}</dt>
        <dd data-testid="loyalty-card-number">{card.cardNumber}</dd>
        <dt>{t('loyalty.status')}</dt>
        <dd>{t(card.status === 'APPLIED' ? 'loyalty.statusApplied' : 'loyalty.statusActive')}</dd>
        <dt>{t('loyalty.points')}</dt>
        <dd data-testid="loyalty-points">{number.format(card.points)}</dd>
      </dl>
      <p data-testid="loyalty-missing">{t('loyalty.missing', { count: card.pointsToNextVoucher, points: number.format(card.pointsToNextVoucher), voucher })}</p>
      <progress className={styles.progress} max={card.pointsPerVoucher} value={progress} aria-label={t('loyalty.progress', { voucher })}>
        {number.format(progress)}
      </progress>
      <p className={styles.muted} data-testid="loyalty-collected">
        {t('loyalty.collected', { points: number.format(progress), total: number.format(card.pointsPerVoucher) })}
      </p>
      <p className={styles.muted}>{t('loyalty.rule', { points: number.format(card.pointsPerVoucher), voucher })}</p>
      <VoucherList vouchers={card.vouchers} />
    </div>
  );
}

/**
 * The vouchers the points have earned: code, value, state. An unused one has a button that puts it into the cart:
 * a plain form to the cart's promotion code form (server/cartForms.ts), the same with and without JavaScript.
 */
function VoucherList({ vouchers }: { vouchers: readonly Voucher[] }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const cart = localizedPath('/checkout/cart', locale);
  return (
    <section aria-labelledby="loyalty-vouchers-title" className={styles.vouchers}>
      <h2 id="loyalty-vouchers-title">{t('loyalty.vouchersTitle')}</h2>
      {vouchers.length === 0 ? (
        <p className={styles.muted}>{t('loyalty.noVouchers')}</p>
      ) : (
        <ul className={styles.voucherList}>
          {vouchers.map((voucher) => (
            <li key={voucher.code} className={styles.voucher} data-testid="loyalty-voucher">
              <span className={styles.voucherCode} data-testid="loyalty-voucher-code">
                {voucher.code}
              </span>
              <span>{formatPrice(voucher.value, locale)}</span>
              <span data-testid="loyalty-voucher-state">
                {voucher.state === 'REDEEMED' ? t('loyalty.voucherRedeemed', { order: voucher.orderNumber ?? '' }) : t('loyalty.voucherIssued')}
              </span>
              {voucher.state !== 'REDEEMED' && (
                <form method="post" action={cart}>
                  <input type="hidden" name="action" value="promotion" />
                  <input type="hidden" name="code" value={voucher.code} />
                  <button type="submit" className={styles.use} aria-label={t('loyalty.useVoucherNamed', { code: voucher.code })}>
                    {t('loyalty.useVoucher')}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A refusal of the assign form: the gateway's wrong number beside the number, a wrong number-or-code beside the code. */
const assignRefusal = (errors: readonly ShopErrorData[]) =>
  errors.map((error) =>
    error.code === 'CARD_NUMBER_INVALID' ? { ...error, field: 'cardNumber' } : error.code === 'CARD_NOT_VERIFIED' ? { ...error, field: 'verificationCode' } : error,
  );

/** A refusal of the application: the gateway names the input's fields, the form posts them as "application.…". */
const applicationRefusal = (errors: readonly ShopErrorData[]) =>
  errors.map((error) => (error.field && !error.field.startsWith('application.') ? { ...error, field: `application.${error.field}` } : error));

type Posted = ReturnType<typeof usePostedForm>['posted'];

/**
 * The state of a VitalCard form: the browser's problems, the gateway's messages beside the fields, the alert box —
 * at first those of a post refused without scripts (ADR 0023), sorted as the enhanced submit sorts them.
 */
function useCardFormState(posted: Posted, fields: readonly string[], sortRefusal: (errors: readonly ShopErrorData[]) => ShopErrorData[]) {
  const { t } = useTranslation('customer');
  /** The gateway's refusal (null: no answer) by field, the others for the alert box (the generic message when there are none). */
  const sorted = (errors: readonly ShopErrorData[] | null) => {
    const { byField, general } = splitShopErrors(sortRefusal(errors ?? [unavailableError(t('errors.generic'))]), new Set(fields));
    return { byField, alert: general.length || Object.keys(byField).length ? general : [t('errors.generic')] };
  };
  // A number or code of the wrong shape is a message of its own beside its field, as the enhanced submit shows it.
  const shapeMessages = (problems: Record<string, string>) =>
    Object.fromEntries(Object.entries(problems).flatMap(([field, problem]) => (problem === 'shape' ? [[field, t(ASSIGN_SHAPE_TEXTS[field] ?? 'errors.generic')]] : [])));
  const sectionProblems = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== 'shape')) as FieldProblems;
  const [first] = useState(() => {
    if (!posted) return { problems: {}, serverErrors: {}, alert: [] as string[] };
    if (Object.keys(posted.problems).length > 0) return { problems: sectionProblems(posted.problems), serverErrors: shapeMessages(posted.problems), alert: [] as string[] };
    const { byField, alert } = sorted(posted.errors);
    return { problems: {}, serverErrors: byField, alert };
  });
  const [problems, setProblems] = useState<FieldProblems>(first.problems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.serverErrors);
  const [alert, setAlert] = useState<string[]>(first.alert);
  const messageOf = useFieldMessages(problems, serverErrors);
  const refusedField = refusedFieldOf(posted, fields, first.serverErrors);

  /** Shows the browser's problems; answers whether there were any. */
  const checked = (found: Record<string, string>): boolean => {
    setProblems(sectionProblems(found));
    setServerErrors(shapeMessages(found));
    setAlert([]);
    return Object.keys(found).length > 0;
  };

  /** Shows the gateway's refusal; answers the messages by field. */
  const refused = (errors: readonly ShopErrorData[] | null): Record<string, string> => {
    const { byField, alert: general } = sorted(errors);
    setServerErrors(byField);
    setAlert(general);
    return byField;
  };

  return { serverErrors, setServerErrors, alert, messageOf, checked, refused, refusedField };
}

/**
 * The frame both VitalCard forms share: a real post to the loyalty page (the server runs the same mutation without
 * scripts, ADR 0023), its heading, intro, alert and submit button from the `loyalty.<name>…` texts.
 */
function CardForm({ form, name, posted, alert, refusedField, sending, onSubmit, children }: {
  form: string;
  name: 'assign' | 'apply';
  posted: Posted;
  alert: string[];
  refusedField: string | undefined;
  sending: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const titleId = `loyalty-${name}-title`;
  return (
    <form className={styles.form} method="post" action={localizedPath(LOYALTY_PATH, locale)} data-form={form} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={titleId}>
      <PostedFormFields form={form} posted={posted} />
      <h2 id={titleId}>{t(`loyalty.${name}Title`)}</h2>
      <p className={styles.muted}>{t(`loyalty.${name}Intro`)}</p>
      <CheckoutAlert messages={alert} />
      <RefusalFocus field={refusedField}>{children}</RefusalFocus>
      <button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
        {t(`loyalty.${name}Submit`)}
      </button>
    </form>
  );
}

function AssignForm({ onDone }: { onDone: (card: Card) => void }) {
  const { t } = useTranslation('customer');
  const { notify } = useNotifications();
  // Without scripts the form posts to the server (server/forms/account.ts); the code never comes back with a refusal.
  const posted = usePostedForm(LOYALTY_FORMS.assign, { cardNumber: '', verificationCode: '' });
  const [cardNumber, setCardNumber] = useState(posted.values.cardNumber);
  const [verificationCode, setVerificationCode] = useState(posted.values.verificationCode);
  const { serverErrors, setServerErrors, alert, messageOf, checked, refused, refusedField } = useCardFormState(posted.posted, ASSIGN_FIELDS, assignRefusal);
  const [assign, sending] = useShopMutation<LoyaltyAreaAssignMutation>(graphql`
    mutation LoyaltyAreaAssignMutation($input: AssignLoyaltyCardInput!) {
      assignLoyaltyCard(input: $input) {
        card {
          ...LoyaltyArea_card @relay(mask: false)
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkAssign({ cardNumber, verificationCode });
    if (checked(found)) return focusField(firstProblemField(ASSIGN_FIELDS, found));
    const response = await assign({ input: { cardNumber: normalizeCardNumber(cardNumber), verificationCode: normalizeVerificationCode(verificationCode) } });
    const payload = response?.assignLoyaltyCard;
    if (!payload?.card || payload.errors.length > 0) {
      const byField = refused(payload ? payload.errors : null);
      focusField(byField.cardNumber || !byField.verificationCode ? 'cardNumber' : 'verificationCode');
      return;
    }
    notify({ type: 'success', message: t('loyalty.assigned') });
    onDone(payload.card);
  };
  return (
    <CardForm form={LOYALTY_FORMS.assign} name="assign" posted={posted.posted} alert={alert} refusedField={refusedField} sending={sending} onSubmit={submit}>
        <TextField
          field="cardNumber"
          label={t('loyalty.cardNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          required
          value={cardNumber}
          onChange={(value) => {
            setCardNumber(value);
            if (serverErrors.cardNumber) setServerErrors({});
          }}
          message={messageOf('cardNumber', '')}
        />
        <TextField
          field="verificationCode"
          label={t('loyalty.verificationCode')}
          hint={t('loyalty.verificationCodeHint')}
          autoComplete="off"
          maxLength={12}
          required
          value={verificationCode}
          onChange={(value) => {
            setVerificationCode(value);
            if (serverErrors.verificationCode) setServerErrors({});
          }}
          message={messageOf('verificationCode', '')}
        />
    </CardForm>
  );
}

function ApplicationForm({ defaults, onDone }: { defaults: ApplicationValues; onDone: (card: Card) => void }) {
  const { t } = useTranslation('customer');
  const { notify } = useNotifications();
  // Without scripts the form posts to the server (server/forms/account.ts); a refusal comes back with every value.
  const posted = usePostedForm<Record<string, string>>(LOYALTY_FORMS.apply, Object.fromEntries(APPLICATION_FIELDS.map((name) => [`application.${name}`, defaults[name]])));
  const [values, setValues] = useState<ApplicationValues>(() => applicationValuesOf(posted.values));
  const { alert, messageOf, checked, refused, refusedField } = useCardFormState(posted.posted, APPLICATION_FIELD_PATHS, applicationRefusal);
  const [apply, sending] = useShopMutation<LoyaltyAreaApplyMutation>(graphql`
    mutation LoyaltyAreaApplyMutation($input: LoyaltyApplicationInput!) {
      applyForLoyaltyCard(input: $input) {
        card {
          ...LoyaltyArea_card @relay(mask: false)
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const field = (name: (typeof APPLICATION_FIELDS)[number]) => ({
    field: `application.${name}`,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    message: messageOf(`application.${name}`, ''),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkApplicationFields(values);
    if (checked(found)) return focusField(firstProblemField(APPLICATION_FIELD_PATHS, found));
    const response = await apply({ input: applicationInput(values) });
    const payload = response?.applyForLoyaltyCard;
    if (!payload?.card || payload.errors.length > 0) {
      focusField(firstProblemField(APPLICATION_FIELD_PATHS, refused(payload ? payload.errors : null)));
      return;
    }
    notify({ type: 'success', message: t('loyalty.applied') });
    onDone(payload.card);
  };
  return (
    <CardForm form={LOYALTY_FORMS.apply} name="apply" posted={posted.posted} alert={alert} refusedField={refusedField} sending={sending} onSubmit={submit}>
        <div className={styles.grid}>
          <TextField label={t('loyalty.firstName')} autoComplete="given-name" required {...field('firstName')} />
          <TextField label={t('loyalty.lastName')} autoComplete="family-name" required {...field('lastName')} />
          <TextField label={t('loyalty.birthday')} type="date" autoComplete="bday" required {...field('birthday')} />
          <TextField label={t('loyalty.email')} type="email" autoComplete="email" required {...field('email')} />
          <TextField label={t('loyalty.street')} autoComplete="street-address" required {...field('street')} />
          <TextField label={t('loyalty.zipcode')} inputMode="numeric" autoComplete="postal-code" maxLength={4} required {...field('zipcode')} />
          <TextField label={t('loyalty.city')} autoComplete="address-level2" required {...field('city')} />
        </div>
    </CardForm>
  );
}
