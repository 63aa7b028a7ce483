import { useElement } from '../elements/element-context';
import { TableRegion } from '../elements/table-region';
import type { ImportSummary } from '../api/datasources';
import { numberFormat } from '../lib/intl';
import { longInstant } from '../lib/dates';

/** The source's last imports, newest first: file, mode, state, when, and the rows read, written and refused. */
export function RecentImports({ imports }: { imports: ImportSummary[] | null }) {
  const { t, lang } = useElement();
  const n = (value: number) => numberFormat(lang).format(value);
  return (
    <section aria-labelledby="imports-title">
      <h2 id="imports-title">{t('datasources.recentImports')}</h2>
      {imports === null && <p role="status">{t('common.loading')}</p>}
      {imports?.length === 0 && <p>{t('datasources.noImports')}</p>}
      {imports && imports.length > 0 && (
        <TableRegion label={t('datasources.recentImports')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('datasources.file')}</th>
                <th scope="col">{t('datasources.mode')}</th>
                <th scope="col">{t('datasources.state')}</th>
                <th scope="col">{t('datasources.started')}</th>
                <th scope="col">{t('datasources.report.read')}</th>
                <th scope="col">{t('datasources.report.imported')}</th>
                <th scope="col">{t('datasources.report.refused')}</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((i) => (
                <tr key={i.importId}>
                  <td translate="no">{i.fileName ?? '—'}</td>
                  <td>{t(`datasources.modes.${i.mode}`)}</td>
                  <td>{t(`datasources.importStates.${i.state}`)}</td>
                  <td>{longInstant(i.startedAt)}</td>
                  <td>{n(i.rowsRead)}</td>
                  <td>{n(i.rowsWritten)}</td>
                  <td>{n(i.rowsRefused)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
