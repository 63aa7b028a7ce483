import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import { TableRegion } from '../elements/table-region';
import { isBadRequest } from '../api/client';
import { listSources, type DataSource } from '../api/datasources';
import { numberFormat } from '../lib/intl';
import { longInstant } from '../lib/dates';
import { problemOf } from './problem';

/** Every data source with its rows, last import and state, a link to each, and "Add your data". */
export function SourceList() {
  const { t, go, api, lang } = useElement();
  const [sources, setSources] = useState<DataSource[] | null>(null);
  // The failure itself: its text follows the language at render (a language change reads nothing again).
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    listSources(api)
      .then((res) => {
        if (isBadRequest(res)) throw res;
        setSources(res);
      })
      .catch((failure: unknown) => setError(failure ?? new Error('')));
  }, [api]);

  return (
    <section part="base" className="panel" aria-labelledby="sources-title">
      <div className="actions heading">
        <h1 id="sources-title">{t('datasources.title')}</h1>
        <button type="button" onClick={() => go('/admin/datasources/new')}>{t('datasources.add')}</button>
      </div>
      {!!error && <p className="banner error" role="alert">{problemOf(error, t('datasources.loadFailed'))}</p>}
      {!sources && !error && <p role="status">{t('common.loading')}</p>}
      {sources?.length === 0 && <p>{t('datasources.empty')}</p>}
      {sources && sources.length > 0 && (
        <TableRegion label={t('datasources.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('datasources.name')}</th>
                <th scope="col">{t('datasources.rows')}</th>
                <th scope="col">{t('datasources.lastImport')}</th>
                <th scope="col">{t('datasources.state')}</th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.id}>
                  <td>
                    <PortalLink to={`/admin/datasources/${encodeURIComponent(s.id)}`}>{s.name}</PortalLink>
                    {s.builtin && <span className="tag">{t('datasources.builtin')}</span>}
                  </td>
                  <td>{numberFormat(lang).format(s.rows)}</td>
                  <td>{s.lastImportAt ? longInstant(s.lastImportAt) : t('datasources.never')}</td>
                  <td><span className={`state ${s.state}`}>{t(`datasources.states.${s.state}`)}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
