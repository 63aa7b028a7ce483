import { useState, type ReactNode } from 'react';
import { useElement } from '../elements/element-context';
import type { CatalogueItem } from '../api/operations';
import { PortalLink } from '../elements/portal-link';
import { shortInstant } from '../lib/dates';

/** Dashboards and data viewers as a searchable list (name, description, kind, last change), each with the badge and actions the page gives it. */
export function CatalogueList({ items, headingLevel = 2, badgeOf, actionsOf }: { items: CatalogueItem[]; headingLevel?: 2 | 3; badgeOf?: (item: CatalogueItem) => ReactNode; actionsOf?: (item: CatalogueItem) => ReactNode }) {
  const { t } = useElement();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = items.filter((i) => !needle || `${i.name} ${i.description}`.toLowerCase().includes(needle));
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="catalogue">
      <label className="search">
        {t('dataviz.search')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <p className="hint" role="status">
        {t('dataviz.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty">{t(items.length ? 'dataviz.noMatch' : 'dataviz.empty')}</p>
      ) : (
        <ul className="catalogue-list">
          {shown.map((i) => (
            <li key={`${i.kind}:${i.id}`}>
              <Heading>
                <PortalLink to={i.url}>{i.name}</PortalLink>
              </Heading>
              <p className="kind">
                {t(`dataviz.kinds.${i.kind}`)} {badgeOf?.(i)}
              </p>
              {i.description && <p>{i.description}</p>}
              {i.updatedAt && (
                <p className="hint">
                  {t('dataviz.updated')} <time dateTime={`${i.updatedAt}Z`}>{shortInstant(i.updatedAt)}</time>
                </p>
              )}
              {actionsOf?.(i)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
