import type { TFunction } from 'i18next';
import { COLUMN_ROLES, SCORE_KINDS, type ColumnRole, type ProposedColumn, type ScoreKind, type SourceColumn } from '../api/datasources';
import { withRole } from './draft';

/** A new score kind keeps the column's scale only where a kind has one to choose (NPS is 0-10, a sentiment a label). */
const scoreOf = (column: ProposedColumn | SourceColumn, kind: ScoreKind) =>
  kind === 'NPS' || kind === 'Sentiment' ? { kind } : { kind, min: column.score?.min, max: column.score?.max };

/**
 * A column's role, and its score kind when it is a score or a driver: the two selects the import
 * preview and a source's page share. Each is named after its column, for a screen reader in a table.
 */
export function RoleFields<C extends ProposedColumn | SourceColumn>({ t, column, onChange, disabled }: {
  t: TFunction;
  column: C;
  onChange: (next: C) => void;
  disabled?: boolean;
}) {
  const scored = column.role === 'score' || column.role === 'driver';
  return (
    <div className="role-fields">
      <select
        aria-label={t('datasources.roleOf', { name: column.name })}
        value={column.role}
        disabled={disabled}
        onChange={(e) => onChange(withRole(column, e.target.value as ColumnRole))}
      >
        {COLUMN_ROLES.map((r) => <option key={r} value={r}>{t(`datasources.roles.${r}`)}</option>)}
      </select>
      {scored && (
        <select
          aria-label={t('datasources.scoreKindOf', { name: column.name })}
          value={column.score?.kind ?? 'Rating'}
          disabled={disabled}
          onChange={(e) => onChange({ ...column, score: scoreOf(column, e.target.value as ScoreKind) })}
        >
          {SCORE_KINDS.map((k) => <option key={k} value={k}>{t(`datasources.scoreKinds.${k}`)}</option>)}
        </select>
      )}
    </div>
  );
}
