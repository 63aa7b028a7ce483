import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Dimension, DimensionValue } from '../../api/smartdata';
import { useDismiss } from '../../elements/use-dismiss';
import { numberFormat } from '../../lib/intl';

interface Props {
  t: TFunction;
  lang: string;
  dimension: Dimension;
  chosen: string[];
  onToggle: (value: string) => void;
  /** For a dimension with more values than listed: narrows the list on the server. */
  onSearch: (text: string) => Promise<DimensionValue[]>;
  /** A claim filter: the values the user's data access allows (spec part 1 section 6); counts when the data source has the dimension too. */
  access?: boolean;
}

/** Spec part 2: a value list is 28.35 px per item plus 37, and never taller than 600 px. */
export const dropdownHeight = (items: number) => Math.min(600, 28.35 * items + 37);

/** One multi-select value filter: a disclosure with the values and their counts (only counts above 0); a press outside or Escape closes it. */
export function DimensionPicker({ t, lang, dimension, chosen, onToggle, onSearch, access = false }: Props) {
  const [narrowed, setNarrowed] = useState<DimensionValue[] | null>(null);
  // A claim value the data source does not count (NaN) is still one the user may choose.
  const values = (narrowed ?? dimension.filterDimensionValues).filter((v) => !(v.count <= 0));
  const more = dimension.filterDimensionStatus === 'RequiresFiltering';
  const format = numberFormat(lang);
  const ref = useDismiss();
  return (
    <details className="picker" ref={ref}>
      <summary>
        {dimension.filterName}
        {access && <span className="access"> · {t('filters.yourAccess')}</span>}
        {chosen.length > 0 && <span className="count"> ({chosen.length})</span>}
      </summary>
      <div className="values" role="group" aria-label={dimension.filterName} style={{ maxHeight: `${dropdownHeight(values.length + (more ? 1 : 0))}px` }}>
        {more && (
          <label className="narrow">
            {t('filters.narrow', { name: dimension.filterName })}
            <input type="search" onChange={(e) => void onSearch(e.target.value).then(setNarrowed)} />
          </label>
        )}
        {values.map((v) => (
          <label key={v.dimensionValue || '[Blank]'} className="inline">
            <input type="checkbox" checked={chosen.some((c) => c.toLowerCase() === (v.dimensionValue || '[Blank]').toLowerCase())} onChange={() => onToggle(v.dimensionValue || '[Blank]')} />
            {v.dimensionLabel} {Number.isFinite(v.count) && <span className="hint">({format.format(v.count)})</span>}
          </label>
        ))}
        {values.length === 0 && <p className="hint">{t('filters.noValues')}</p>}
      </div>
    </details>
  );
}
