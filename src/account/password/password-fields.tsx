import type { TFunction } from 'i18next';
import type { FormErrors } from '../shared/use-form';

/** New and confirmed passwords differ: the message once (an alert), and the confirmation marked invalid. */
export const mismatchErrors = (t: TFunction): FormErrors => ({ general: [t('password.mismatch')], fields: { ConfirmPassword: [] } });

interface Props {
  t: TFunction;
  values: { oldPassword?: string; newPassword: string; confirmPassword: string };
  onChange: (field: 'oldPassword' | 'newPassword' | 'confirmPassword', value: string) => void;
  errors: Record<string, string[]>;
  withOld?: boolean;
}

/** Current (optional), new and confirmed password, with per-field server errors. */
export function PasswordFields({ t, values, onChange, errors, withOld }: Props) {
  const field = (name: 'oldPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string, key: string) => (
    <label>
      {t(label)}
      <input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name] ?? ''}
        onChange={(e) => onChange(name, e.target.value)}
        aria-invalid={!!errors[key]}
        aria-describedby={errors[key]?.length ? `${name}-error` : undefined}
      />
      {errors[key]?.map((m) => (
        <span key={m} id={`${name}-error`} className="field-error">
          {m}
        </span>
      ))}
    </label>
  );
  return (
    <>
      {withOld && field('oldPassword', 'password.old', 'current-password', 'OldPassword')}
      {field('newPassword', 'password.new', 'new-password', 'NewPassword')}
      {field('confirmPassword', 'password.confirm', 'new-password', 'ConfirmPassword')}
      <p className="hint">{t('password.rule')}</p>
    </>
  );
}
