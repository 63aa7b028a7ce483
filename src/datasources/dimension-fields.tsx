import type { TFunction } from 'i18next';
import type { Hierarchy } from '../api/datasources';

/** Levels a hierarchy may have (the server takes 1-6). */
const LEVELS = [1, 2, 3, 4, 5, 6];

interface Restrictable {
  name: string;
  role: string;
  claimType?: string;
  hierarchy?: Hierarchy;
}

/** A dimension's claim type: users with claims of this type see only the rows of their values. */
export function ClaimTypeField<C extends Restrictable>({ t, column, onChange }: { t: TFunction; column: C; onChange: (c: C) => void }) {
  if (column.role !== 'dimension') return null;
  return <input value={column.claimType ?? ''} aria-label={t('datasources.claimTypeOf', { name: column.name })} onChange={(e) => onChange({ ...column, claimType: e.target.value })} />;
}

/** A dimension's hierarchy and its level in it (Region 1, Country 2, Store 3). */
export function HierarchyField<C extends Restrictable>({ t, column, onChange }: { t: TFunction; column: C; onChange: (c: C) => void }) {
  if (column.role !== 'dimension') return null;
  return (
    <div className="role-fields">
      <input
        value={column.hierarchy?.name ?? ''}
        aria-label={t('datasources.hierarchyOf', { name: column.name })}
        onChange={(e) => onChange({ ...column, hierarchy: { level: column.hierarchy?.level ?? 1, name: e.target.value } })}
      />
      <select
        value={column.hierarchy?.level ?? 1}
        aria-label={t('datasources.levelOf', { name: column.name })}
        onChange={(e) => onChange({ ...column, hierarchy: { name: column.hierarchy?.name ?? '', level: Number(e.target.value) } })}
      >
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t('datasources.level', { level: l })}
          </option>
        ))}
      </select>
    </div>
  );
}
