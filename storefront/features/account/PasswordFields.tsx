import { useTranslation } from '../../platform/i18n/useTranslation';
import { TextField } from '../../ui/CheckoutField';
import styles from './AccountForms.module.css';

interface PasswordFieldsProps {
  /** field paths of the password and its repetition, as the gateway's ShopError.field names them */
  fields: { password: string; confirmation: string };
  labels: { password: string; confirmation: string };
  values: { password: string; confirmation: string };
  onChange: (values: { password: string; confirmation: string }) => void;
  messageOf: (field: string) => string | undefined;
}

/**
 * A new password typed twice (registration, password recovery, change password): at least 8 characters,
 * the repetition equal ('Die Passwörter stimmen nicht überein' beside it, SPEC §5).
 */
export function PasswordFields({ fields, labels, values, onChange, messageOf }: PasswordFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.twoColumns}>
      <TextField
        field={fields.password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(password) => onChange({ ...values, password })}
        message={messageOf(fields.password)}
        hint={t('fields.passwordHint')}
      />
      <TextField
        field={fields.confirmation}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmation}
        onChange={(confirmation) => onChange({ ...values, confirmation })}
        message={messageOf(fields.confirmation)}
      />
    </div>
  );
}
