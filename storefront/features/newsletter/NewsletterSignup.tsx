import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkEmail, type FieldProblem } from '../../forms/fieldRules';
import { NEWSLETTER_FORM } from './newsletterForm';
import { usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import type { NewsletterSignupMutation } from './__generated__/NewsletterSignupMutation.graphql';
import { useNotifications } from '../../shell/Notifications';
import styles from './NewsletterSignup.module.css';

/** subscribeNewsletter (double opt-in), also sent by the form of /newsletter-subscribe. */
export const subscribeNewsletterMutation = graphql`
  mutation NewsletterSignupMutation($input: SubscribeNewsletterInput!) {
    subscribeNewsletter(input: $input) {
      status
      errors {
        code
        message
        field
      }
    }
  }
`;

/** The footer form's own name (`data-form`): what was typed into it before hydration is read back by it. */
const FOOTER_FORM = 'newsletter-footer';

/**
 * The footer's newsletter form (also a CMS form element's, under the editor's `title`, as its own `formName`). The email is checked in the browser (SPEC §5), then subscribeNewsletter
 * (double opt-in, SPEC §4): a confirmation mail follows, whose link leads to /newsletter-subscribe. Without
 * scripts it posts to /newsletter-subscribe as that page's form (server/formPosts.ts): the footer is on every
 * page, so the outcome or refusal is shown there, under its own heading (ADR 0023).
 */
export function NewsletterSignup({ formName = FOOTER_FORM, title = null }: { formName?: string; title?: string | null } = {}) {
  const { t } = useTranslation('shell');
  const { locale } = usePageContext();
  const { notify } = useNotifications();
  const [serverProblem, setServerProblem] = useState<string | undefined>();
  const [run, sending] = useShopMutation<NewsletterSignupMutation>(subscribeNewsletterMutation);
  // An address typed before hydration stays (the page's scripts arrive after its first paint).
  const posted = usePostedForm(formName, { email: '' });
  const [email, setEmail] = useState(posted.values.email);
  const [problem, setProblem] = useState<FieldProblem | undefined>();
  const id = useId();

  const subscribe = async (): Promise<void> => {
    const response = await run({ input: { email: email.trim() } });
    const payload = response?.subscribeNewsletter;
    if (!payload) {
      notify({ type: 'danger', message: t('newsletter.failed') });
      return;
    }
    const fieldError = payload.errors.find((error) => error.field === 'email');
    if (fieldError) {
      setServerProblem(fieldError.message);
      return;
    }
    if (payload.errors.length > 0) {
      notify({ type: 'danger', message: payload.errors[0]!.message });
      return;
    }
    setEmail('');
    notify({
      type: 'success',
      message: t(payload.status === 'SUBSCRIBED' ? 'newsletter.alreadySubscribed' : 'newsletter.checkMail'),
      persistent: payload.status !== 'SUBSCRIBED',
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkEmail(email);
    setProblem(found);
    setServerProblem(undefined);
    if (found) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    void subscribe();
  };

  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title ?? t('newsletter.title')}
      </h2>
      <p className={styles.intro}>{t('newsletter.intro')}</p>
      <form className={styles.form} method="post" action={localizedPath('/newsletter-subscribe', locale)} data-form={formName} noValidate onSubmit={onSubmit}>
        {/* answered as the newsletter page's form: a refusal is shown in that page's form (no state comes back here) */}
        <input type="hidden" name="_form" value={NEWSLETTER_FORM} />
        <label className={styles.label} htmlFor={`${id}-email`}>
          {t('newsletter.emailLabel')}
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={problem || serverProblem ? true : undefined}
            aria-describedby={problem || serverProblem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setServerProblem(undefined);
              // Once shown, the message follows the typing so the shopper sees when it is right.
              if (problem) setProblem(checkEmail(event.target.value));
            }}
          />
          <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
            {t('newsletter.submit')}
          </button>
        </div>
        {problem || serverProblem ? (
          <p id={`${id}-problem`} className={styles.problem} role="alert">
            {problem ? t(problem === 'required' ? 'newsletter.required' : 'newsletter.invalidEmail') : serverProblem}
          </p>
        ) : null}
      </form>
    </section>
  );
}
