/** The analytics view's choice of measures and dimensions (spec part 2: analytics viewer). */
export interface PivotChoice {
  measures: string[];
  rows: string[];
  columns: string[];
}

/** The choice a view state starts with, until the module's parameters say which fits (`fitsModule`). */
export const DEFAULT_PIVOT: PivotChoice = { measures: ['InternalRecordCount', 'AvgNPS'], rows: ['Region', 'Store'], columns: ['Channel'] };

/** True when every measure and dimension of the choice is the module's (another module's choice is replaced by its default). */
export const fitsModule = (c: PivotChoice, measures: readonly { measureKey: string }[], dims: readonly { filterKey: string }[]) =>
  c.measures.length > 0 && c.measures.every((m) => measures.some((x) => x.measureKey === m)) && [...c.rows, ...c.columns].every((d) => dims.some((x) => x.filterKey === d));

/** Dimensions not used yet: a dimension is unique across rows and columns. */
export const freeDimensions = (all: readonly string[], c: PivotChoice) => all.filter((d) => !c.rows.includes(d) && !c.columns.includes(d));

export function addTo(c: PivotChoice, part: keyof PivotChoice, key: string): PivotChoice {
  if (c[part].includes(key)) return c;
  if (part !== 'measures' && (c.rows.includes(key) || c.columns.includes(key))) return c;
  return { ...c, [part]: [...c[part], key] };
}

export function replaceIn(c: PivotChoice, part: keyof PivotChoice, index: number, key: string): PivotChoice {
  if (part !== 'measures' && (c.rows.includes(key) || c.columns.includes(key))) return c;
  return { ...c, [part]: c[part].map((k, i) => (i === index ? key : k)) };
}

/** Removing the last measure resets the view. */
export function removeFrom(c: PivotChoice, part: keyof PivotChoice, key: string): PivotChoice {
  const next = { ...c, [part]: c[part].filter((k) => k !== key) };
  return next.measures.length === 0 ? DEFAULT_PIVOT : next;
}

/** Hand-off of a cell's filters to a records view in a new tab, through storage cleared after 8 s. */
export const HAND_OFF_KEY = 'cx.viewHandOff';
export const HAND_OFF_MS = 8000;
