import type { ColumnChange, SourceChange, SourceColumn } from '../api/datasources';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A column's claim type and hierarchy as sent: blank means none (null takes away one it had). */
function restriction(column: SourceColumn, before: SourceColumn): Pick<ColumnChange, 'claimType' | 'hierarchy'> {
  const claimType = column.role === 'dimension' ? column.claimType?.trim() || null : null;
  const name = column.role === 'dimension' ? column.hierarchy?.name.trim() : '';
  const hierarchy = name ? { name, level: column.hierarchy!.level } : null;
  return {
    ...(same(claimType, before.claimType) ? {} : { claimType }),
    ...(same(hierarchy, before.hierarchy) ? {} : { hierarchy }),
  };
}

/** What a source's page sends (PATCH): the name, the readers and each changed column's edited fields. */
export function changesOf(name: string, roles: string[], edited: SourceColumn[], before: { name: string; roles: string[]; columns: SourceColumn[] }): SourceChange {
  const columns: ColumnChange[] = [];
  for (const column of edited) {
    const old = before.columns.find((c) => c.key === column.key);
    if (!old) continue;
    const change: ColumnChange = {
      key: column.key,
      ...(column.name.trim() === old.name ? {} : { name: column.name.trim() }),
      ...(column.role === old.role ? {} : { role: column.role }),
      ...(same(column.score, old.score) ? {} : { score: column.score }),
      ...(column.hidden === old.hidden ? {} : { hidden: column.hidden }),
      ...restriction(column, old),
    };
    if (Object.keys(change).length > 1) columns.push(change);
  }
  return {
    ...(name.trim() === before.name ? {} : { name: name.trim() }),
    ...(same([...roles].sort(), [...before.roles].sort()) ? {} : { roles }),
    ...(columns.length ? { columns } : {}),
  };
}
