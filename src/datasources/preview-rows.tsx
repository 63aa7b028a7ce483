import { useElement } from '../elements/element-context';
import { TableRegion } from '../elements/table-region';
import type { Cell, Definition } from '../api/datasources';

/** The preview shows this many rows: enough to judge the columns by. */
const ROWS = 20;

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell));

/** What the server noticed in the file, and its first rows as they would be stored. */
export function PreviewRows({ definition, rows, notes }: { definition: Definition; rows: Array<Record<string, Cell>>; notes: string[] }) {
  const { t } = useElement();
  return (
    <>
      {notes.length > 0 && (
        <section className="notes" aria-labelledby="notes-title">
          <h2 id="notes-title">{t('datasources.notes')}</h2>
          <ul>{notes.map((note) => <li key={note}>{note}</li>)}</ul>
        </section>
      )}
      <section aria-labelledby="rows-title">
        <h2 id="rows-title">{t('datasources.firstRows')}</h2>
        {rows.length === 0 ? (
          <p>{t('datasources.noRows')}</p>
        ) : (
          <TableRegion label={t('datasources.firstRows')}>
            <table className="rows">
              <thead>
                <tr>{definition.columns.map((c) => <th key={c.key} scope="col" translate="no">{c.name}</th>)}</tr>
              </thead>
              <tbody>
                {rows.slice(0, ROWS).map((row, i) => (
                  <tr key={i}>{definition.columns.map((c) => <td key={c.key} translate="no">{text(row[c.key])}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
    </>
  );
}
