// The export calls with every field wrong, one at a time: each is refused before a workbook is
// written (a refusal found while writing once ended the server process). Used by junk-input.test.ts.

export interface ExportProbe {
  path: string;
  body: unknown;
  what: string;
  /** 400 for bad input; 404 for a module or profile that does not exist. */
  status: 400 | 404;
}

type Path = ReadonlyArray<string | number>;

const filter = { filterKey: 'Region', filterValue: 'North' };
/** Valid calls as the data viewer sends them (north.manager may make both). */
export const EXPORTS = {
  records: {
    path: '/api/dataviewer/exporttoexcel/',
    body: { ExportCols: ['Region', 'NPS'], SmartDataSelection: { smartFilters: [filter] }, SortBy: { fieldKey: 'NPS', operatorAsString: 'DESC' } },
  },
  analytics: {
    path: '/api/dataviewer/analytics/exporttoexcel/',
    body: { smartFilters: [filter], measureKeys: ['AvgNPS'], rowDimensions: ['Region'], columnDimensions: ['Channel'] },
  },
} as const;
export const EXPORT_QUERY: Record<string, string> = { moduleId: 'responses', profile: 'default', dateTime: '2026-11-20T12-00', hideRowTotals: 'false', hideColumnTotals: 'false' };

/** Wrong for a field that names a column, filter, measure or dimension. */
const NOT_A_KEY = ['NoSuchField', '', 12345, true, null, {}, [], "' OR '1'='1' --", 'x'.repeat(3000)];
const NOT_A_LIST = ['Region', 12345, {}, null, [null], [[]]];
const NOT_AN_OBJECT = ['text', 12345, [], true];
const NOT_FILTERS = [...NOT_A_LIST, [{}], Array.from({ length: 201 }, () => filter)];
/** Each filter's own fields, under `at` (the filters' list). */
const filterFields = (at: Path): Array<[Path, unknown[]]> => [
  [at, NOT_FILTERS],
  [[...at, 0], [...NOT_AN_OBJECT, null, {}]],
  [[...at, 0, 'filterKey'], NOT_A_KEY],
  [[...at, 0, 'filterValue'], [{}, [], true, 'x'.repeat(3000)]],
];

/** Each field of each body, with values that must be refused. */
const BODY_FIELDS: Record<keyof typeof EXPORTS, Array<[Path, unknown[]]>> = {
  records: [
    [['ExportCols'], [[], ...NOT_A_LIST, Array.from({ length: 101 }, () => 'Region')]],
    [['ExportCols', 0], NOT_A_KEY],
    [['SmartDataSelection'], [...NOT_AN_OBJECT, null]],
    ...filterFields(['SmartDataSelection', 'smartFilters']),
    [['SortBy'], [...NOT_AN_OBJECT, {}]],
    [['SortBy', 'fieldKey'], [...NOT_A_KEY, 'CustomerEmail']],
    [['SortBy', 'operatorAsString'], ['SIDEWAYS', '', 1, null, {}, "ASC; DROP TABLE users"]],
  ],
  analytics: [
    ...filterFields(['smartFilters']),
    [['measureKeys'], [[], ...NOT_A_LIST, Array.from({ length: 11 }, () => 'AvgNPS')]],
    [['measureKeys', 0], NOT_A_KEY],
    [['rowDimensions'], [...NOT_A_LIST, ['Channel'], ['Region', 'Store', 'Country', 'NPSGroup', 'Stars']]],
    [['rowDimensions', 0], NOT_A_KEY],
    [['columnDimensions'], [...NOT_A_LIST, ['Region'], ['Store', 'Country', 'NPSGroup', 'Stars']]],
    [['columnDimensions', 0], NOT_A_KEY],
  ],
};

/** The query's fields (undefined: left out); names that do not exist are 404, the rest 400. */
const QUERY_FIELDS: Array<[string, Array<string | undefined>, string[]]> = [
  ['moduleId', [undefined, '', 'x'.repeat(200)], ['NoSuchModule', '__proto__', 'cases']],
  ['profile', [undefined, '', 'x'.repeat(200)], ['NoSuchProfile', 'constructor']],
  ['dateTime', ['x'.repeat(100)], []],
  ['author', ['x'.repeat(300)], []],
  ['hideRowTotals', ['yes', '1', ''], []],
  ['hideColumnTotals', ['no', '0', ''], []],
  ['progressKey', ['short', '<script>alert(1)</script>', 'x'.repeat(100), ''], []],
];

/** `value` at `path` in a copy of `body`. */
function withField(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

const queryOf = (fields: Record<string, string | undefined>) =>
  `?${Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&')}`;

const show = (value: unknown) => (JSON.stringify(value) ?? 'undefined').slice(0, 40);

/** Every export call with one field wrong: body fields, then query fields. */
export function exportProbes(): ExportProbe[] {
  const probes: ExportProbe[] = [];
  for (const [kind, { path, body }] of Object.entries(EXPORTS) as Array<[keyof typeof EXPORTS, (typeof EXPORTS)[keyof typeof EXPORTS]]>) {
    const valid = `${path}${queryOf(EXPORT_QUERY)}`;
    for (const [field, wrong] of BODY_FIELDS[kind]) {
      for (const value of wrong) probes.push({ path: valid, body: withField(body, field, value), what: `${kind} ${field.join('.')} = ${show(value)}`, status: 400 });
    }
    for (const [name, bad, missing] of QUERY_FIELDS) {
      for (const [values, status] of [[bad, 400], [missing, 404]] as const) {
        for (const value of values) probes.push({ path: `${path}${queryOf({ ...EXPORT_QUERY, [name]: value })}`, body, what: `${kind} ?${name}=${show(value)}`, status });
      }
    }
  }
  return probes;
}
