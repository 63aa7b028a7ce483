import { useElement } from '../elements/element-context';
import type { CaseRule, RuleOptions } from '../api/caserules';
import { describeConditions, describeOwner } from './draft';
import { ActionTable } from '../elements/action-table';
import { RowActions } from './list-table';

interface Props {
  rules: CaseRule[];
  options: RuleOptions;
  /** The rule whose switch is being sent. */
  switching: string | null;
  onSwitch: (rule: CaseRule, enabled: boolean) => void;
  onEdit: (rule: CaseRule) => void;
  onDelete: (rule: CaseRule) => void;
}

/** A source's rules: what each tests, in words, where its cases go, and a switch to turn it off. */
export function RuleList({ rules, options, switching, onSwitch, onEdit, onDelete }: Props) {
  const { t, lang } = useElement();
  return (
    <ActionTable
      label={t('caseRules.rules')}
      className="rules"
      actionsHead={t('caseRules.actions')}
      columns={[t('caseRules.name'), t('caseRules.conditions'), t('caseRules.queue'), t('caseRules.owner.label'), t('caseRules.priority'), t('caseRules.enabled')]}
    >
      {rules.map((r) => (
        <tr key={r.id} className={r.enabled ? '' : 'off'}>
          <th scope="row">{r.name}</th>
          <td>{describeConditions(r.conditions, options.columns, t, lang)}</td>
          <td>{r.queue}</td>
          <td>{describeOwner(r.owner, options, t)}</td>
          <td>{t(`caseRules.priorities.${r.priority}`)}</td>
          <td>
            <label className="inline switch">
              <input type="checkbox" role="switch" checked={r.enabled} disabled={switching === r.id} onChange={(e) => onSwitch(r, e.target.checked)} aria-label={t('caseRules.enabledOf', { name: r.name })} />
              <span aria-hidden="true">{t(r.enabled ? 'caseRules.on' : 'caseRules.off')}</span>
            </label>
          </td>
          <RowActions name={r.name} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
        </tr>
      ))}
    </ActionTable>
  );
}
