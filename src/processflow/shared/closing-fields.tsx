import type { TFunction } from 'i18next';
import type { ClosingOptions } from '../../api/processflow';

/** The actions that close a case and ask how it ended (issue 45). */
export const CLOSING_ACTIONS: readonly string[] = ['Resolve', 'Close without action'];
export const isClosing = (actionName: string) => CLOSING_ACTIONS.some((a) => a.toLowerCase() === actionName.toLowerCase());

export interface Closing {
  rootCause: string;
  /** Unanswered until the worker says yes or no. */
  problemResolved: boolean | null;
  sendRecoverySurvey: boolean;
}
export const NEW_CLOSING: Closing = { rootCause: '', problemResolved: null, sendRecoverySurvey: true };

/** A root cause is asked only where the source has a list of them (as the server checks it). */
const asksCause = (options: ClosingOptions | undefined) => (options?.rootCauses.length ?? 0) > 0;

/** What is still missing, in the server's words (its messages when the page is in English). */
export function closingProblems(t: TFunction, c: Closing, options: ClosingOptions | undefined): string[] {
  return [asksCause(options) && !c.rootCause && t('closing.chooseRootCause'), c.problemResolved === null && t('closing.sayResolved')].filter((m): m is string => !!m);
}

/** The closing's action properties; the survey's choice only where one can be sent. */
export function closingProperties(c: Closing, options: ClosingOptions | undefined): Record<string, unknown> {
  return { ...(c.rootCause ? { rootCause: c.rootCause } : {}), problemResolved: c.problemResolved, ...(options?.recoverySurvey ? { sendRecoverySurvey: c.sendRecoverySurvey } : {}) };
}

/**
 * Closing a case (issue 45): its root cause from the source's list, whether the customer's problem
 * was resolved, and (when the source has a recovery survey) whether to send it.
 */
export function ClosingFields({ t, id, options, value, onChange, tried }: { t: TFunction; id: string; options: ClosingOptions | undefined; value: Closing; onChange: (c: Closing) => void; tried: boolean }) {
  const set = (patch: Partial<Closing>) => onChange({ ...value, ...patch });
  return (
    <div className="closing-fields">
      {asksCause(options) && (
        <label>
          {t('closing.rootCause')}
          <select value={value.rootCause} onChange={(e) => set({ rootCause: e.target.value })} aria-invalid={tried && !value.rootCause} required>
            <option value="">{t('closing.chooseOne')}</option>
            {options!.rootCauses.map((cause) => <option key={cause} value={cause}>{cause}</option>)}
          </select>
        </label>
      )}
      <fieldset aria-invalid={tried && value.problemResolved === null}>
        <legend>{t('closing.problemResolved')}</legend>
        {([true, false] as const).map((yes) => (
          <label key={String(yes)} className="inline">
            <input type="radio" name={`${id}-resolved`} checked={value.problemResolved === yes} onChange={() => set({ problemResolved: yes })} />
            {t(yes ? 'closing.yes' : 'closing.no')}
          </label>
        ))}
      </fieldset>
      {options?.recoverySurvey && (
        <label className="inline">
          <input type="checkbox" checked={value.sendRecoverySurvey} onChange={(e) => set({ sendRecoverySurvey: e.target.checked })} />
          {t('closing.sendSurvey')}
        </label>
      )}
    </div>
  );
}
