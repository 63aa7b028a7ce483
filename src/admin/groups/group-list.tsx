import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { isBadRequest } from '../../api/client';
import { listGroups, type GroupSummary } from '../../api/groups';
import { TableRegion } from '../../elements/table-region';

/** The groups, with their member counts, a link to each and to add one. */
export function GroupList() {
  const { t, go, api } = useElement();
  const [groups, setGroups] = useState<GroupSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    listGroups(api)
      .then((res) => (isBadRequest(res) ? setFailed(true) : setGroups(res.results)))
      .catch(() => setFailed(true));
  }, [api]);

  return (
    <section part="base" className="panel" aria-labelledby="groups-title">
      <div className="actions heading">
        <h1 id="groups-title">{t('groups.title')}</h1>
        <button type="button" onClick={() => go('/group/register')}>{t('groups.add')}</button>
      </div>
      {failed && <p className="banner error" role="alert">{t('groups.loadFailed')}</p>}
      {!groups && !failed && <p role="status">{t('common.loading')}</p>}
      {groups?.length === 0 && <p>{t('groups.empty')}</p>}
      {groups && groups.length > 0 && (
        <TableRegion label={t('groups.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('groups.name')}</th>
                <th scope="col">{t('groups.description')}</th>
                <th scope="col">{t('groups.members')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id}>
                  <td>
                    <PortalLink to={`/group/${encodeURIComponent(g.id)}`}>{g.name}</PortalLink>
                  </td>
                  <td>{g.description}</td>
                  <td>{g.memberCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
