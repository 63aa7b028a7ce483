import { useElement } from '../elements/element-context';
import type { SourceColumn } from '../api/datasources';
import { ColumnsTable } from './column-table';

/**
 * A stored source's columns, editable afterwards: name, role and score kind, hidden, and for a
 * dimension the claim type that restricts it and its level in a hierarchy; those computed from the
 * comments are named below.
 */
export function SourceColumns({ columns, onChange, rolesFixed }: { columns: SourceColumn[]; onChange: (next: SourceColumn) => void; /** A built-in source's columns keep their roles (the portal's features write them by role). */ rolesFixed: boolean }) {
  const { t } = useElement();
  const hidden = (c: SourceColumn) => <input type="checkbox" checked={c.hidden} aria-label={t('datasources.hiddenOf', { name: c.name })} onChange={(e) => onChange({ ...c, hidden: e.target.checked })} />;
  // Sentiment and Topic are the portal's reading of the comments: named, not edited (the server refuses it).
  const computed = columns.filter((c) => c.derived);
  return (
    <>
      <ColumnsTable columns={columns.filter((c) => !c.derived)} onChange={onChange} rolesFixed={rolesFixed} extra={{ header: t('datasources.hidden'), cell: hidden }} />
      {computed.length > 0 && <p className="computed-columns">{t('datasources.computedColumns', { names: computed.map((c) => c.name).join(', ') })}</p>}
    </>
  );
}
