import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { columnVisibilityFeature, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { viewerProfiles, viewerRecords, viewerSchema, type SchemaColumn, type ViewerProfile } from '../../api/viewer';
import { filtersFor, toSmartFilters } from '../../stores/filters';
import { drillthroughLink } from '../../visuals/comment-list/rules';
import { BlockCache, GRID, type Row } from './block-cache';
import { openInNewTab } from '../../lib/new-tab';

export interface RecordsViewerProps {
  moduleId?: string;
  profile?: string;
  filterScope?: string;
}

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

/** A column's width by its kind: long texts widest, numbers narrowest. */
const columnWidth = (c: SchemaColumn) => (c.isCleaned ? 380 : c.typeName === 'Number' ? 110 : c.typeName === 'DateTime' ? 150 : 170);

/** A cell as text: dates as 'YYYY-MM-DD HH:mm', blanks empty. */
function cellText(value: unknown, type: SchemaColumn['typeName']): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return type === 'DateTime' ? text.replace('T', ' ').slice(0, 16) : text;
}

/**
 * The records grid: a virtual list over server pages (blocks of 100, 2 kept, 2 requests at a time),
 * sortable columns (the profile's default order first), a click or Enter expands a row, a double
 * click or Shift+Enter opens its details link in a new window.
 */
export function RecordsViewer({ moduleId = 'responses', profile = 'default', filterScope = 'default' }: RecordsViewerProps) {
  const { t } = useElement();
  const filters = useStore(filtersFor(filterScope));
  const [schema, setSchema] = useState<SchemaColumn[] | null>(null);
  const [info, setInfo] = useState<ViewerProfile | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [error, setError] = useState('');
  const [, setVersion] = useState(0);
  const [expanded, setExpanded] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [cache] = useState(() => new BlockCache(() => Promise.resolve({ data: [], recordCount: 0 }), () => setVersion((v) => v + 1)));

  useEffect(() => {
    Promise.all([viewerProfiles(moduleId), viewerSchema(moduleId, profile)])
      .then(([profiles, columns]) => {
        if (isBadRequest(profiles) || isBadRequest(columns)) return setError(t('viewer.loadFailed'));
        const chosen = profiles.find((p) => p.name === profile) ?? profiles[0];
        setInfo(chosen);
        setSchema(columns);
        setSorting([{ id: chosen.defaultOrderBy.fieldKey, desc: chosen.defaultOrderBy.operatorAsString === 'DESC' }]);
      })
      .catch(() => setError(t('viewer.loadFailed')));
  }, [moduleId, profile, t]);

  const visible = useMemo(() => (schema ?? []).filter((c) => !c.isHidden), [schema]);
  const columns = useMemo(() => visible.map((c) => ({ id: c.key, accessorKey: c.key, header: c.name })), [visible]);
  // The server sorts; a header click toggles one column (never off, never several).
  const table = useTable({ features, columns, data: [] as Row[], state: { sorting }, onSortingChange: setSorting, manualSorting: true, enableSortingRemoval: false, enableMultiSort: false });
  const dateKey = info?.defaultOrderBy.fieldKey ?? 'ResponseDate';
  const smartFilters = useMemo(() => toSmartFilters(filters, dateKey), [filters, dateKey]);

  const count = cache.recordCount ?? 0;
  // The virtualizer keeps its own state outside React's; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => GRID.minRowHeight, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  // A new filter or sort starts a new load; answers to the old one are dropped.
  useEffect(() => {
    if (!info || sorting.length === 0) return;
    const sort = sorting[0];
    cache.reset((skip, top) =>
      viewerRecords(moduleId, profile, { skip, top, orderByFields: [sort.id], orderByOperator: sort.desc ? 'DESC' : 'ASC', smartFilters }).then((res) => {
        if (isBadRequest(res)) throw new Error(res.message);
        return res;
      }),
    );
    setExpanded(null);
    scroller.current?.scrollTo({ top: 0 });
    cache.ensure(0, GRID.blockSize - 1).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [cache, info, sorting, smartFilters, moduleId, profile]);

  useEffect(() => {
    if (count > 0) cache.ensure(first, last).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [cache, first, last, count]);

  const open = (row: Row) => info && openInNewTab(drillthroughLink(info.detailsLink, row as never));
  const onKey = (e: KeyboardEvent, index: number, row: Row | undefined) => {
    if (e.key !== 'Enter' || !row) return;
    e.preventDefault();
    if (e.shiftKey) open(row);
    else setExpanded((x) => (x === index ? null : index));
  };

  if (error) return <p className="cx-error" role="alert">{t('viewer.loadFailed')} {error}</p>;
  if (!schema) return <p role="status">{t('viewer.loading')}</p>;
  // Fixed widths keep every row's columns aligned (each row is its own grid).
  const template = visible.map(columnWidth).map((w) => `${w}px`).join(' ');
  const width = visible.map(columnWidth).reduce((a, b) => a + b, 0);
  return (
    <div className="records" part="base">
      <p className="hint" role="status">{cache.recordCount === null ? t('viewer.loading') : t('viewer.records', { count })}</p>
      <div className="grid" role="table" aria-rowcount={count + 1} aria-label={t('viewer.title')} ref={scroller}>
        <div role="rowgroup" className="head">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className="row" style={{ gridTemplateColumns: template, height: GRID.headerHeight, width }}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <div role="columnheader" key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                      {String(header.column.columnDef.header)}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div role="rowgroup" className="body" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = cache.row(item.index);
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                tabIndex={0}
                className={expanded === item.index ? 'row expanded' : 'row'}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, minHeight: GRID.minRowHeight, width }}
                onClick={() => setExpanded((x) => (x === item.index ? null : item.index))}
                onDoubleClick={() => row && open(row)}
                onKeyDown={(e) => onKey(e, item.index, row)}
              >
                {visible.map((c) => (
                  <div role="cell" key={c.key}>
                    {row ? cellText(row[c.key], c.typeName) : '…'}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
