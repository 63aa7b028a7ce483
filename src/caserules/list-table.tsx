import type { ReactNode } from 'react';
import { useElement } from '../elements/element-context';
import { TableRegion } from '../elements/table-region';

/** A table of things to edit: its column headings, then a last column for each row's actions. */
export function ListTable({ label, className, headings, children }: { label: string; className: string; headings: string[]; children: ReactNode }) {
  const { t } = useElement();
  return (
    <TableRegion label={label}>
      <table className={className}>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            <th scope="col">
              <span className="cx-visually-hidden">{t('caseRules.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}

/** A row's Edit and Delete, each named with the row's name for a screen reader. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useElement();
  return (
    <td>
      <div className="actions">
        <button type="button" className="secondary" onClick={onEdit}>
          {t('caseRules.edit')}
          <span className="cx-visually-hidden"> {name}</span>
        </button>
        <button type="button" className="secondary danger" onClick={onDelete}>
          {t('caseRules.delete')}
          <span className="cx-visually-hidden"> {name}</span>
        </button>
      </div>
    </td>
  );
}
