import { TextField } from '../../forms/fields';
import type { LoginValues } from './accountForms';

interface LoginFieldsProps {
  /** field paths of the e-mail and the password, as the gateway's ShopError.field names them for the form */
  fields: { email: string; password: string };
  labels: { email: string; password: string };
  values: LoginValues;
  onChange: (values: LoginValues) => void;
  messageOf: (field: string) => string | undefined;
}

/** An existing customer's e-mail and password (/login and the checkout's login step), filled in by password managers. */
export function LoginFields({ fields, labels, values, onChange, messageOf }: LoginFieldsProps) {
  return (
    <>
      <TextField
        field={fields.email}
        label={labels.email}
        type="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={(email) => onChange({ ...values, email })}
        message={messageOf(fields.email)}
      />
      <TextField
        field={fields.password}
        label={labels.password}
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(password) => onChange({ ...values, password })}
        message={messageOf(fields.password)}
      />
    </>
  );
}
