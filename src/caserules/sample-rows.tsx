import { useElement } from '../elements/element-context';
import { TableRegion } from '../elements/table-region';
import type { RuleColumn } from '../api/caserules';

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Some of the rows a rule would have opened cases for, in the preview. */
export function SampleRows({ rows, columns }: { rows: Array<Record<string, unknown>>; columns: Array<Pick<RuleColumn, 'key' | 'name'>> }) {
  const { t } = useElement();
  // In the order of `columns` (the preview's own first), any other after them.
  const at = (key: string) => {
    const i = columns.findIndex((c) => c.key === key);
    return i < 0 ? columns.length : i;
  };
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort((a, b) => at(a) - at(b));
  const name = (key: string) => columns.find((c) => c.key === key)?.name ?? key;
  return (
    <TableRegion label={t('caseRules.sample')}>
      <table className="sample">
        <caption>{t('caseRules.sample')}</caption>
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} scope="col">
                {name(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {keys.map((k) => (
                <td key={k}>{cell(r[k])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
