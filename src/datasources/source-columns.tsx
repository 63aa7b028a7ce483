import { useElement } from '../elements/element-context';
import type { SourceColumn } from '../api/datasources';
import { ColumnsTable } from './column-table';

/**
 * A stored source's columns, editable afterwards: name, role and score kind, hidden, and for a
 * dimension the claim type that restricts it and its level in a hierarchy.
 */
export function SourceColumns({ columns, onChange, rolesFixed }: { columns: SourceColumn[]; onChange: (next: SourceColumn) => void; /** A built-in source's columns keep their roles (the portal's features write them by role). */ rolesFixed: boolean }) {
  const { t } = useElement();
  const hidden = (c: SourceColumn) => <input type="checkbox" checked={c.hidden} aria-label={t('datasources.hiddenOf', { name: c.name })} onChange={(e) => onChange({ ...c, hidden: e.target.checked })} />;
  return <ColumnsTable columns={columns} onChange={onChange} rolesFixed={rolesFixed} extra={{ header: t('datasources.hidden'), cell: hidden }} />;
}
