import { useEffect, useRef } from 'react';
import { useElement } from '../elements/element-context';
import { newRule, type RuleRow } from './provider-draft';

/**
 * The mapping rules editor: one row a rule, in order — "attribute equals value → role" or
 * "attribute → claim type". Adding puts the keyboard in the new row; removing puts it on the next
 * row (or Add rule), so a keyboard user never loses their place.
 */
export function MappingRules({ rules, roles, onChange }: { rules: RuleRow[]; roles: string[]; onChange: (rules: RuleRow[]) => void }) {
  const { t } = useElement();
  const list = useRef<HTMLOListElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  // The row to focus once drawn (its key), or the Add button (0).
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const key = focusNext.current;
    if (key === null) return;
    focusNext.current = null;
    const row = list.current?.querySelector<HTMLInputElement>(`[data-rule="${key}"] input`);
    (row ?? add.current)?.focus();
  }, [rules]);

  const set = (key: number, patch: Partial<RuleRow>) => onChange(rules.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (index: number) => {
    focusNext.current = rules[index + 1]?.key ?? rules[index - 1]?.key ?? 0;
    onChange(rules.filter((_, i) => i !== index));
  };
  const append = () => {
    const rule = newRule();
    focusNext.current = rule.key;
    onChange([...rules, rule]);
  };

  return (
    <fieldset className="mapping">
      <legend>{t('ssoAdmin.mapping')}</legend>
      <p className="hint">{t('ssoAdmin.mappingHint')}</p>
      {rules.length === 0 && <p className="hint">{t('ssoAdmin.noRules')}</p>}
      <ol ref={list} className="rules">
        {rules.map((r, i) => {
          const n = i + 1;
          return (
            <li key={r.key} data-rule={r.key} className="rule">
              <label>
                {t('ssoAdmin.ruleAttribute')}
                <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
                <input value={r.attribute} maxLength={200} spellCheck={false} placeholder="groups" onChange={(e) => set(r.key, { attribute: e.target.value })} />
              </label>
              <label>
                {t('ssoAdmin.ruleKind')}
                <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
                <select value={r.kind} onChange={(e) => set(r.key, { kind: e.target.value as RuleRow['kind'] })}>
                  <option value="role">{t('ssoAdmin.ruleKinds.role')}</option>
                  <option value="claim">{t('ssoAdmin.ruleKinds.claim')}</option>
                </select>
              </label>
              {r.kind === 'role' ? (
                <>
                  <label>
                    {t('ssoAdmin.ruleEquals')}
                    <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
                    <input value={r.equals} maxLength={200} spellCheck={false} onChange={(e) => set(r.key, { equals: e.target.value })} />
                  </label>
                  <label>
                    {t('ssoAdmin.ruleRole')}
                    <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
                    <select value={r.role} onChange={(e) => set(r.key, { role: e.target.value })}>
                      <option value="">{t('ssoAdmin.chooseRole')}</option>
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              ) : (
                <label>
                  {t('ssoAdmin.ruleClaim')}
                  <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
                  <input value={r.claim} maxLength={100} spellCheck={false} placeholder="Region" onChange={(e) => set(r.key, { claim: e.target.value })} />
                </label>
              )}
              <button type="button" className="secondary danger" onClick={() => remove(i)}>
                {t('ssoAdmin.removeRule')}
                <span className="cx-visually-hidden"> {t('ssoAdmin.ruleNumber', { n })}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <button ref={add} type="button" className="secondary" onClick={append}>
        {t('ssoAdmin.addRule')}
      </button>
    </fieldset>
  );
}
