import type { TFunction } from 'i18next';
import { useElement } from '../elements/element-context';
import { TableRegion } from '../elements/table-region';
import type { ReactNode } from 'react';
import type { ProposedColumn, SourceColumn } from '../api/datasources';
import { dateOrder } from './draft';
import { RoleFields } from './role-fields';
import { ClaimTypeField, HierarchyField } from './dimension-fields';

/** A DateTime column's format: a choice among the candidates where the dates read both ways, else the format found. */
function DateChoice({ t, column, onChange }: { t: TFunction; column: ProposedColumn; onChange: (c: ProposedColumn) => void }) {
  const date = column.date;
  if (!date) return null;
  const candidates = date.candidates ?? [date.format];
  if (!date.ambiguous || candidates.length < 2) return <code>{date.format}</code>;
  return (
    <fieldset className="date-choice">
      <legend>{t('datasources.dateFormatOf', { name: column.name })}</legend>
      {candidates.map((format) => (
        <label key={format} className="inline">
          <input type="radio" name={`date-${column.key}`} value={format} checked={date.format === format} onChange={() => onChange({ ...column, date: { ...date, format } })} />
          <span>
            <code>{format}</code> {t(`datasources.dateOrder.${dateOrder(format)}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A column the tables edit: a file's proposed one or a stored source's. */
type EditableColumn = ProposedColumn | SourceColumn;

/**
 * Columns with their name, type, role (to confirm or change), one column of the caller's (a file's
 * date format, a stored source's Hidden), and for dimensions a claim type and hierarchy.
 */
export function ColumnsTable<C extends EditableColumn>({ columns, onChange, extra, rolesFixed = false }: {
  columns: C[];
  onChange: (next: C) => void;
  extra: { header: string; cell: (c: C) => ReactNode };
  /** A built-in source's columns keep their roles (the portal's features write them by role). */
  rolesFixed?: boolean;
}) {
  const { t } = useElement();
  return (
    <TableRegion label={t('datasources.columns')}>
      <table className="columns">
        <thead>
          <tr>
            <th scope="col">{t('datasources.columnName')}</th>
            <th scope="col">{t('datasources.type')}</th>
            <th scope="col">{t('datasources.role')}</th>
            <th scope="col">{extra.header}</th>
            <th scope="col">{t('datasources.claimType')}</th>
            <th scope="col">{t('datasources.hierarchy')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.key}>
              <td>
                <input value={c.name} aria-label={t('datasources.nameOf', { key: c.key })} onChange={(e) => onChange({ ...c, name: e.target.value })} />
              </td>
              <td>{t(`datasources.types.${c.typeName}`)}</td>
              <td>
                <RoleFields t={t} column={c} onChange={onChange} disabled={rolesFixed} />
              </td>
              <td>{extra.cell(c)}</td>
              <td>
                <ClaimTypeField t={t} column={c} onChange={onChange} />
              </td>
              <td>
                <HierarchyField t={t} column={c} onChange={onChange} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Each column of the file, with the date format of its dates (a choice where they read both ways). */
export function ColumnTable({ columns, onChange }: { columns: ProposedColumn[]; onChange: (next: ProposedColumn) => void }) {
  const { t } = useElement();
  return <ColumnsTable columns={columns} onChange={onChange} extra={{ header: t('datasources.dateFormat'), cell: (c) => c.typeName === 'DateTime' && <DateChoice t={t} column={c} onChange={onChange} /> }} />;
}
