import { useState } from 'react';
import { isBadRequest, type BadRequest } from '../api/client';
import { problemOf } from '../datasources/problem';

/** A form's errors by where they show; `_` is the form as a whole. */
export type FieldErrors = Record<string, string>;

/** The server's field errors of a 400, placed by `place`; without any, its message for the form. */
export function placeErrors(bad: BadRequest, place: (key: string) => string, fallback: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(bad.errors ?? {})) {
    const at = place(key);
    out[at] = [out[at], ...messages].filter(Boolean).join(' ');
  }
  if (!Object.keys(out).length) out._ = bad.message ?? fallback;
  return out;
}

/**
 * A form's calls: busy while one runs; a 400 puts its errors where `place` says, a failure says why
 * with the form (`fallback` when the portal could not be reached). What was typed stays either way.
 */
export function useSend(place: (key: string) => string, fallback: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const send = async <T,>(call: () => Promise<T | BadRequest>): Promise<T | null> => {
    setBusy(true);
    setErrors({});
    try {
      const res = await call();
      if (!isBadRequest(res)) return res;
      setErrors(placeErrors(res, place, fallback));
    } catch (failure) {
      setErrors({ _: problemOf(failure, fallback) });
    } finally {
      setBusy(false);
    }
    return null;
  };
  return { errors, setErrors, busy, send };
}

const idOf = (form: string, name: string) => `${form}-${name.replace(/\W/g, '-')}-error`;

/** The attributes that tie a control to its error (invalid, described by the error's text) and to its hint. */
export function invalid(errors: FieldErrors, form: string, name: string, hint?: string) {
  const describedBy = [hint, errors[name] ? idOf(form, name) : undefined].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': errors[name] ? (true as const) : undefined, 'aria-describedby': describedBy };
}

/** The error of one field (or of the form, `_`), next to it. */
export function FieldError({ errors, form, name }: { errors: FieldErrors; form: string; name: string }) {
  if (!errors[name]) return null;
  return (
    <p id={idOf(form, name)} className={name === '_' ? 'banner error' : 'field-error'} role="alert">
      {errors[name]}
    </p>
  );
}
