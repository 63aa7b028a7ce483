import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { getUserList } from '../../api/identity';
import { shortDate } from '../../lib/dates';
import { isBadRequest } from '../../api/client';
import type { UserList as List } from '../../api/types';
import { TableRegion } from '../../elements/table-region';

export const USER_PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = [
  { key: 'fullname', label: 'users.name' },
  { key: 'username', label: 'users.userName' },
  { key: 'role', label: 'users.role' },
  { key: 'createdon', label: 'users.created' },
] as const;

/** The user list: search, sort by column, pages of 50, a link to each user and to add one. */
export function UserList() {
  const { t, go, api } = useElement();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: string; desc: boolean }>({ key: 'fullname', desc: false });
  const [page, setPage] = useState(0);
  const [data, setData] = useState<List | null>(null);
  const [error, setError] = useState('');

  // A new search text starts again at page 1, 300 ms after typing; the first render changes nothing.
  useEffect(() => {
    if (search.trim() === query) return;
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  useEffect(() => {
    let live = true;
    getUserList({ take: USER_PAGE_SIZE, skip: page * USER_PAGE_SIZE, sortType: sort.desc ? `${sort.key}_desc` : sort.key, usernameFilter: query }, api)
      .then((res) => {
        if (!live) return;
        if (isBadRequest(res)) setError(res.message ?? t('users.loadFailed'));
        else {
          setError('');
          setData(res);
        }
      })
      .catch(() => live && setError(t('users.loadFailed')));
    return () => {
      live = false;
    };
  }, [api, query, sort, page, t]);

  const sortBy = (key: string) => {
    setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));
    setPage(0);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / USER_PAGE_SIZE)) : 1;

  return (
    <section part="base" className="panel" aria-labelledby="users-title">
      <div className="actions heading">
        <h1 id="users-title">{t('users.title')}</h1>
        <button type="button" onClick={() => go('/user/register')}>
          {t('users.add')}
        </button>
      </div>
      <label>
        {t('users.search')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {error && (
        <p className="banner error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p role="status">{t('common.loading')}</p>}
      {data && data.results.length === 0 && <p role="status">{t('users.empty')}</p>}
      {data && data.results.length > 0 && (
        <TableRegion label={t('users.caption', { count: data.total })}>
          <table>
            <caption className="cx-visually-hidden">{t('users.caption', { count: data.total })}</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
                    <button type="button" className="sort" onClick={() => sortBy(c.key)}>
                      {t(c.label)}
                      <span aria-hidden="true">{sort.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.results.map((u) => (
                <tr key={u.id}>
                  <td>
                    <PortalLink to={`/user/${encodeURIComponent(u.id)}`}>{u.fullName}</PortalLink>
                  </td>
                  <td>{u.userName}</td>
                  <td>{u.role}</td>
                  <td>{shortDate(u.createdOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {data && (
        <div className="actions pager">
          <button type="button" className="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('users.previous')}
          </button>
          <span>{t('users.page', { page: page + 1, pages })}</span>
          <button type="button" className="secondary" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
            {t('users.next')}
          </button>
        </div>
      )}
    </section>
  );
}
