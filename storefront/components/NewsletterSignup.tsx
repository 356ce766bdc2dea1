import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, type FieldProblem } from '../forms/fieldRules';
import { useNotifications } from './Notifications';
import styles from './NewsletterSignup.module.css';

/**
 * The footer's newsletter form. The email is checked in the browser (SPEC §5); the subscription itself
 * (double opt-in, SPEC §4) arrives with the accounts issue: until then a submit says so instead of
 * pretending to subscribe. That issue replaces `subscribe` below with its mutation.
 */
export function NewsletterSignup() {
  const { t } = useTranslation('shell');
  const { notify } = useNotifications();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FieldProblem | undefined>();
  const id = useId();

  const subscribe = (): void => {
    notify({ type: 'info', message: t('newsletter.comingSoon') });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = checkEmail(email);
    setProblem(found);
    if (found) {
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    subscribe();
  };

  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('newsletter.title')}
      </h2>
      <p className={styles.intro}>{t('newsletter.intro')}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
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
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              // Once shown, the message follows the typing so the shopper sees when it is right.
              if (problem) setProblem(checkEmail(event.target.value));
            }}
          />
          <button className={styles.submit} type="submit">
            {t('newsletter.submit')}
          </button>
        </div>
        {problem ? (
          <p id={`${id}-problem`} className={styles.problem} role="alert">
            {t(problem === 'required' ? 'newsletter.required' : 'newsletter.invalidEmail')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
