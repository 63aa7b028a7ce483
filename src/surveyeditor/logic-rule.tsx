import { useElement } from '../elements/element-context';
import { isChoice, localText, type DisplayRule, type Question, type SurveyLocale } from '../lib/survey-model';

interface Props {
  question: Question;
  earlier: Question[];
  numbers: Map<string, number>;
  locale: SurveyLocale;
  onChange: (rule: DisplayRule | undefined) => void;
}

/** A new rule asks detractors (NPS 0-6) or low ratings (1-2 stars): the usual follow-up. */
const DETRACTOR_MAX = 6;
const scaleOf = (q: Question) => (q.kind === 'nps' ? [0, 10] : [1, 5]);

/** "Show this question only when question N is at most / at least / equals ...": sources are earlier questions only. */
export function LogicRule({ question: q, earlier, numbers, locale, onChange }: Props) {
  const { t } = useElement();
  const sources = earlier.filter((p) => p.kind === 'nps' || p.kind === 'stars' || isChoice(p));
  const rule = q.showIf;
  const source = rule ? earlier.find((p) => p.id === rule.questionId) : undefined;
  const base = `logic-${q.id}`;

  const pickSource = (id: string) => {
    const s = sources.find((p) => p.id === id);
    if (!s) return onChange(undefined);
    onChange(isChoice(s) ? { questionId: id, op: 'equals', value: s.options?.[0]?.id ?? '' } : { questionId: id, op: 'atMost', value: s.kind === 'nps' ? DETRACTOR_MAX : 2 });
  };

  return (
    <fieldset className="logic">
      <legend>{t('surveyEditor.logic')}</legend>
      <label>
        {t('surveyEditor.showWhen')}
        <select value={rule && source ? rule.questionId : ''} onChange={(e) => pickSource(e.target.value)}>
          <option value="">{t('surveyEditor.always')}</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {t('surveyEditor.questionN', { n: numbers.get(s.id) })}: {localText(s.text, locale).slice(0, 40)}
            </option>
          ))}
        </select>
      </label>
      {/* A rule on a question that moved below this one stays visible, so the editor can mend it. */}
      {rule && !source && <p className="field-error">{t('surveyEditor.laterLogic')}</p>}
      {rule && source && (
        <div className="rule">
          {isChoice(source) ? (
            <label>
              {t('surveyEditor.ops.equals')}
              <select id={`${base}-value`} value={String(rule.value)} onChange={(e) => onChange({ ...rule, op: 'equals', value: e.target.value })}>
                {(source.options ?? []).map((o, i) => (
                  <option key={o.id} value={o.id}>
                    {localText(o.text, locale) || t('surveyEditor.optionN', { n: i + 1, name: '' })}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <>
              <label>
                {t('surveyEditor.condition')}
                <select value={rule.op} onChange={(e) => onChange({ ...rule, op: e.target.value as DisplayRule['op'] })}>
                  {(['atMost', 'atLeast', 'equals'] as const).map((op) => (
                    <option key={op} value={op}>
                      {t(`surveyEditor.ops.${op}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('surveyEditor.value')}
                <input
                  type="number"
                  min={scaleOf(source)[0]}
                  max={scaleOf(source)[1]}
                  value={Number(rule.value)}
                  onChange={(e) => e.target.value !== '' && onChange({ ...rule, value: Number(e.target.value) })}
                />
              </label>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
