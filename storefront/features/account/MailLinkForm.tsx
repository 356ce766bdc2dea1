import { PostedFormFields } from '../../forms/postedForm';
import styles from './AccountForms.module.css';

/**
 * A mailed link's kit form (storefront/features/account/mailLinkForms.ts): the link's parameters in hidden fields and one button.
 * The page shows it until its scripts send the same on their own; without scripts the button posts it.
 */
export function MailLinkForm({ form, action, fields, prompt, button }: { form: string; action: string; fields: Readonly<Record<string, string>>; prompt?: string; button: string }) {
  return (
    <form className={styles.form} method="post" action={action} data-form={form}>
      <PostedFormFields form={form} posted={null} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {prompt ? <p>{prompt}</p> : null}
      <button type="submit" className={styles.primaryButton}>
        {button}
      </button>
    </form>
  );
}
