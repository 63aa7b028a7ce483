import { useEffect, useRef } from 'react';
import { useElement } from '../../elements/element-context';
import type { BuilderFields } from '../../api/dashboard-builder';
import type { TemplateBindings } from '../../api/visual-types';

type TileFilter = NonNullable<TemplateBindings['Filters']>[number];

/** A tile holds at most this many filters of its own (server/dashboards/definition.ts). */
export const MAX_TILE_FILTERS = 10;

/**
 * "Filters of this tile": pairs of a dimension and one of its values that narrow this tile alone,
 * added to the dashboard's filters (a region's tile on a dashboard of every region). Only the
 * source's dimensions with known values are offered; a filter the source no longer has still shows.
 */
export function TileFilters({ filters, fields, onChange }: { filters: readonly TileFilter[]; fields: BuilderFields; onChange: (filters: TileFilter[] | undefined) => void }) {
  const { t } = useElement();
  const box = useRef<HTMLFieldSetElement>(null);
  // After "Add a filter" the new filter's first list takes the focus; after "Remove filter", "Add a filter" does.
  // Kept until the list has its new length: a render in between (another store's) must not use it up.
  const focusTo = useRef<{ to: 'added' | 'removed'; count: number } | null>(null);
  useEffect(() => {
    const wanted = focusTo.current;
    if (!wanted || filters.length !== wanted.count) return;
    focusTo.current = null;
    if (wanted.to === 'added') [...(box.current?.querySelectorAll<HTMLSelectElement>('li select') ?? [])].at(-2)?.focus();
    else box.current?.querySelector<HTMLButtonElement>('.add-filter')?.focus();
  });
  const dimensions = fields.fields.filter((f) => f.dimension && f.values?.length);
  const valuesOf = (key: string) => dimensions.find((d) => d.key === key)?.values ?? [];
  const set = (next: TileFilter[]) => onChange(next.length ? next : undefined);
  const put = (i: number, filter: TileFilter) => set(filters.map((f, j) => (j === i ? filter : f)));
  if (!dimensions.length && !filters.length) return null;
  return (
    <fieldset className="tile-filters" ref={box}>
      <legend>{t('dashboardBuilder.form.filters')}</legend>
      <p className="hint">{t('dashboardBuilder.form.filtersHint')}</p>
      {filters.length > 0 && (
        <ol>
          {filters.map((filter, i) => {
            const values = valuesOf(filter.filterKey);
            const value = String(filter.filterValue);
            return (
              <li key={i}>
                <label>
                  {t('dashboardBuilder.form.filterBy')}
                  <select value={filter.filterKey} onChange={(e) => put(i, { filterKey: e.target.value, filterValue: valuesOf(e.target.value)[0] ?? '' })}>
                    {!dimensions.some((d) => d.key === filter.filterKey) && <option value={filter.filterKey}>{filter.filterKey}</option>}
                    {dimensions.map((d) => (
                      <option key={d.key} value={d.key}>
                        {d.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t('dashboardBuilder.form.filterValue')}
                  <select value={value} onChange={(e) => put(i, { ...filter, filterValue: e.target.value })}>
                    {!values.includes(value) && <option value={value}>{value}</option>}
                    {values.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" className="link" onClick={() => ((focusTo.current = { to: 'removed', count: filters.length - 1 }), set(filters.filter((_, j) => j !== i)))}>
                  {t('dashboardBuilder.form.removeFilter')}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {dimensions.length > 0 && (
        <button
          type="button"
          className="secondary add-filter"
          disabled={filters.length >= MAX_TILE_FILTERS}
          onClick={() => ((focusTo.current = { to: 'added', count: filters.length + 1 }), set([...filters, { filterKey: dimensions[0].key, filterValue: dimensions[0].values![0] }]))}
        >
          {t('dashboardBuilder.form.addFilter')}
        </button>
      )}
    </fieldset>
  );
}
