import { useState } from 'react';
import type { BadRequest } from '../../api/errors';

/** Field errors from a 400 body; the blank key is a general model error (spec part 1 section 5). */
export interface FormErrors {
  general: string[];
  fields: Record<string, string[]>;
}

export const NO_ERRORS: FormErrors = { general: [], fields: {} };

export function formErrors(body: BadRequest, translate: (code: string) => string): FormErrors {
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(body.errors ?? {})) {
    const texts = messages.map(translate);
    if (key === '') general.push(...texts);
    else fields[key] = texts;
  }
  if (general.length === 0 && Object.keys(fields).length === 0 && body.message) general.push(body.message);
  return { general, fields };
}

/** Busy flag and errors of one form submission. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, run };
}
