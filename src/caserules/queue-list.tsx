import { useElement } from '../elements/element-context';
import type { CaseQueue } from '../api/caserules';
import { describeCalendar, describeHours } from './calendar';
import { ActionTable } from '../elements/action-table';
import { RowActions } from './list-table';

/** The queues with their deadlines per priority and working time; edit and delete each. */
export function QueueList({ queues, onEdit, onDelete }: { queues: CaseQueue[]; onEdit: (q: CaseQueue) => void; onDelete: (q: CaseQueue) => void }) {
  const { t, lang } = useElement();
  return (
    <ActionTable
      label={t('caseRules.queues.title')}
      className="queues"
      actionsHead={t('caseRules.actions')}
      columns={[t('caseRules.queues.name'), t('caseRules.queues.firstResponseHours'), t('caseRules.queues.resolutionHours'), t('caseRules.queues.workingTime')]}
    >
      {queues.map((q) => (
        <tr key={q.name}>
          <th scope="row">{q.name}</th>
          <td>{describeHours(q.firstResponseHours, t)}</td>
          <td>{describeHours(q.resolutionHours, t)}</td>
          <td>{describeCalendar(q.calendar, lang)}</td>
          <RowActions name={q.name} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
        </tr>
      ))}
    </ActionTable>
  );
}
