import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { createRule, PRIORITIES, previewRule, updateRule, type CaseRule, type RuleOptions, type RulePreview } from '../api/caserules';
import { ConditionFields } from './condition-fields';
import { draftOf, emptyCondition, inputOf, newDraft, ruleErrorPlace, usableColumns, type RuleDraft } from './draft';
import { FieldError, invalid, useSend } from './field-errors';
import { SaveButtons } from './save-buttons';
import { SampleRows } from './sample-rows';

interface Props {
  sourceId: string;
  options: RuleOptions;
  /** The rule being changed; without it, a new one. */
  rule?: CaseRule;
  onSaved: (rule: CaseRule) => void;
  onCancel?: () => void;
}

const FORM = 'rule';
const MAX_CONDITIONS = 10;

/**
 * A rule of a source: its name, conditions, queue, first owner, priority and whether it is on;
 * "Test against the last 30 days" says how many cases it would have opened. What was typed stays
 * when the server refuses it, with each error beside its field.
 */
export function RuleForm({ sourceId, options, rule, onSaved, onCancel }: Props) {
  const { t, api } = useElement();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : newDraft(options)));
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [status, setStatus] = useState('');
  const { errors, setErrors, busy, send } = useSend(ruleErrorPlace, t('caseRules.failed'));
  // A condition just added takes the focus: its fields come before the button that added it.
  const [added, setAdded] = useState<number | null>(null);
  // A condition removed gives the focus to "Add a condition" (its own button is gone).
  const [removed, setRemoved] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed) addButton.current?.focus();
  }, [removed]);
  const columns = usableColumns(options.columns);
  const set = (patch: Partial<RuleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
    // A preview speaks of the rule as it was tested.
    setPreview(null);
    setStatus('');
  };

  const test = async () => {
    setPreview(null);
    setStatus(t('caseRules.testing'));
    const res = await send<RulePreview>(() => previewRule(inputOf(draft, sourceId, columns), api));
    setPreview(res);
    setStatus(res ? res.message : '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = inputOf(draft, sourceId, columns);
    const saved = await send<CaseRule>(() => (rule ? updateRule(rule.id, input, api) : createRule(input, api)));
    if (saved) onSaved(saved);
  };

  return (
    <form className="rule-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="rule-form-title">
      <h2 id="rule-form-title">{rule ? t('caseRules.editTitle', { name: rule.name }) : t('caseRules.newTitle')}</h2>
      <label>
        {t('caseRules.name')}
        <input value={draft.name} maxLength={100} autoFocus={!!rule} onChange={(e) => set({ name: e.target.value })} {...invalid(errors, FORM, 'name')} />
      </label>
      <FieldError errors={errors} form={FORM} name="name" />

      <section className="conditions" aria-labelledby="conditions-title">
        <h3 id="conditions-title">{t('caseRules.conditions')}</h3>
        <p className="hint">{t('caseRules.conditionsHint')}</p>
        {draft.conditions.map((c, i) => (
          <ConditionFields
            key={i}
            index={i}
            draft={c}
            columns={columns}
            errors={errors}
            onChange={(next) => set({ conditions: draft.conditions.map((x, j) => (j === i ? next : x)) })}
            onRemove={() => {
              setAdded(null);
              setRemoved((n) => n + 1);
              set({ conditions: draft.conditions.filter((_, j) => j !== i) });
            }}
            autoFocus={added === i}
          />
        ))}
        {columns.length === 0 && <p className="hint">{t('caseRules.noColumns')}</p>}
        {columns.length > 0 && draft.conditions.length < MAX_CONDITIONS && (
          <button
            type="button"
            className="secondary"
            ref={addButton}
            onClick={() => {
              setAdded(draft.conditions.length);
              set({ conditions: [...draft.conditions, emptyCondition(columns.find((c) => c.role === 'score') ?? columns[0])] });
            }}>
            {t('caseRules.addCondition')}
          </button>
        )}
        <FieldError errors={errors} form={FORM} name="conditions" />
      </section>

      <div className="row">
        <label>
          {t('caseRules.queue')}
          <select value={draft.queue} onChange={(e) => set({ queue: e.target.value })} {...invalid(errors, FORM, 'queue', options.queues.length ? undefined : 'no-queues')}>
            {!options.queues.includes(draft.queue) && <option value={draft.queue}>{draft.queue || t('caseRules.chooseQueue')}</option>}
            {options.queues.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('caseRules.owner.label')}
          <select value={draft.owner} onChange={(e) => set({ owner: e.target.value })} {...invalid(errors, FORM, 'owner')}>
            <option value="none">{t('caseRules.owner.none')}</option>
            {options.users.length > 0 && (
              <optgroup label={t('caseRules.owner.users')}>
                {options.users.map((u) => (
                  <option key={u.id} value={`user:${u.id}`}>
                    {u.name}
                  </option>
                ))}
              </optgroup>
            )}
            {options.roles.length > 0 && (
              <optgroup label={t('caseRules.owner.roles')}>
                {options.roles.map((r) => (
                  <option key={r} value={`role:${r}`}>
                    {t('caseRules.owner.role', { role: r })}
                  </option>
                ))}
              </optgroup>
            )}
            {options.groups.length > 0 && (
              <optgroup label={t('caseRules.owner.groups')}>
                {options.groups.map((g) => (
                  <option key={g.id} value={`group:${g.id}`}>
                    {t('caseRules.owner.group', { group: g.name })}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <label>
          {t('caseRules.priority')}
          <select value={draft.priority} onChange={(e) => set({ priority: e.target.value as RuleDraft['priority'] })} {...invalid(errors, FORM, 'priority')}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`caseRules.priorities.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!options.queues.length && (
        <p id="no-queues" className="hint">
          {t('caseRules.noQueues')}
        </p>
      )}
      <FieldError errors={errors} form={FORM} name="queue" />
      <FieldError errors={errors} form={FORM} name="owner" />
      <FieldError errors={errors} form={FORM} name="priority" />
      <label className="inline">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('caseRules.enabled')}
      </label>

      <SaveButtons save={t('caseRules.save')} busy={busy} onCancel={onCancel}>
        <button type="button" className="secondary" disabled={busy} onClick={() => void test()}>
          {t('caseRules.test')}
        </button>
      </SaveButtons>
      <p className="preview-message" role="status">
        {status}
      </p>
      {preview && preview.sample.length > 0 && <SampleRows rows={preview.sample} columns={[...(preview.columns ?? []), ...options.columns]} />}
      <FieldError errors={errors} form={FORM} name="_" />
    </form>
  );
}
