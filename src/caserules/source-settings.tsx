import { useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { saveSourceSettings, type SourceCaseSettings } from '../api/caserules';
import { FieldError, invalid, useSend } from './field-errors';
import { RootCauses } from './root-causes';

/** A published survey that can be sent after a case is closed. */
export interface RecoverySurvey {
  shortcode: string;
  title: string;
}

const FORM = 'closing';
const FIELDS = ['rootCauses', 'recoverySurvey', 'suppressionDays'];
const place = (key: string) => FIELDS.find((f) => key === f || key.startsWith(`${f}.`)) ?? '_';
/** Until an administrator says otherwise, nobody is asked again within this many days. */
const DEFAULT_SUPPRESSION_DAYS = 30;

export const defaultSettings = (sourceId: string): SourceCaseSettings => ({ sourceId, rootCauses: [], recoverySurvey: null, suppressionDays: DEFAULT_SUPPRESSION_DAYS });

interface Props {
  sourceName: string;
  initial: SourceCaseSettings;
  /** The published surveys; undefined while they load, null when they could not be listed. */
  surveys: RecoverySurvey[] | null | undefined;
  onSaved: (s: SourceCaseSettings) => void;
}

/** How a source's cases close: the root causes to choose among, the recovery survey, and how often one customer may get it. */
export function SourceSettings({ sourceName, initial, surveys, onSaved }: Props) {
  const { t, api } = useElement();
  const [s, setS] = useState<SourceCaseSettings>(initial);
  const [days, setDays] = useState(String(initial.suppressionDays));
  const { errors, setErrors, busy, send } = useSend(place, t('caseRules.failed'));
  const [message, setMessage] = useState('');
  const set = (patch: Partial<SourceCaseSettings>) => {
    setS((x) => ({ ...x, ...patch }));
    setErrors({});
    setMessage('');
  };
  // The chosen survey stays offered even when it is no longer published or could not be listed.
  const offered = [...(surveys ?? [])];
  if (s.recoverySurvey && !offered.some((x) => x.shortcode === s.recoverySurvey)) offered.push({ shortcode: s.recoverySurvey, title: s.recoverySurvey });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await send(() => saveSourceSettings({ ...s, suppressionDays: days.trim() === '' ? NaN : Number(days) }, api));
    if (!saved) return;
    onSaved(saved);
    setMessage(t('caseRules.closing.saved', { name: sourceName }));
  };

  return (
    <form className="closing-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="closing-title">
      <h2 id="closing-title">{t('caseRules.closing.title', { name: sourceName })}</h2>
      <RootCauses value={s.rootCauses} onChange={(rootCauses) => set({ rootCauses })} describedBy={errors.rootCauses ? `${FORM}-rootCauses-error` : undefined} />
      <FieldError errors={errors} form={FORM} name="rootCauses" />
      <label>
        {t('caseRules.closing.survey')}
        <select value={s.recoverySurvey ?? ''} onChange={(e) => set({ recoverySurvey: e.target.value || null })} {...invalid(errors, FORM, 'recoverySurvey', 'survey-hint')}>
          <option value="">{t('caseRules.closing.noSurvey')}</option>
          {offered.map((x) => (
            <option key={x.shortcode} value={x.shortcode}>
              {x.title}
            </option>
          ))}
        </select>
      </label>
      <p id="survey-hint" className="hint">
        {t(surveys === null ? 'caseRules.closing.surveysUnknown' : 'caseRules.closing.surveyHint')}
      </p>
      <FieldError errors={errors} form={FORM} name="recoverySurvey" />
      <label>
        {t('caseRules.closing.suppression')}
        <input type="number" min={0} step={1} value={days} onChange={(e) => (setDays(e.target.value), setErrors({}), setMessage(''))} {...invalid(errors, FORM, 'suppressionDays')} />
      </label>
      <FieldError errors={errors} form={FORM} name="suppressionDays" />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('caseRules.closing.save')}
        </button>
      </div>
      <p className="done" role="status">
        {message}
      </p>
      <FieldError errors={errors} form={FORM} name="_" />
    </form>
  );
}
