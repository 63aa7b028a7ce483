import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { columnVisibilityFeature, rowSortingFeature, tableFeatures, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { viewerRecords } from '../../api/viewer';
import { useSmartFilters } from '../shared/use-smart-filters';
import { isVisible, orderColumns, viewFor } from '../../stores/view-state';
import { drillthroughLink } from '../../visuals/comment-list/rules';
import { openInNewTab } from '../../lib/new-tab';
import { useViewerSetup, type ViewerSetup } from '../shared/use-viewer-setup';
import { BlockCache, GRID, type Row } from './block-cache';
import { cellText, isHiddenValue } from './cell';
import { HiddenValue } from '../../elements/hidden-value';
import { Loading, LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { ColumnChooser } from './column-chooser';
import { HighlightedText } from '../../elements/highlighted-text/highlighted-text';
import { useHighlights } from '../../elements/highlighted-text/use-highlights';

export interface RecordsViewerProps {
  moduleId?: string;
  profile?: string;
  filterScope?: string;
  /** Handed over by the data viewer, which has loaded them already. */
  setup?: ViewerSetup;
}

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

/** A column's width by its kind: long texts widest, numbers narrowest. */
const columnWidth = (c: { isCleaned: boolean; typeName: string }) => (c.isCleaned ? 380 : c.typeName === 'Number' ? 110 : 170);

/**
 * The records grid: a virtual list over server pages (blocks of 100, 2 kept, 2 requests at a time),
 * sortable columns (the profile's default order first), columns chosen and ordered by the user, a
 * click or Enter expands a row, a double click or Shift+Enter opens its details link in a new window.
 */
export function RecordsViewer({ moduleId = 'responses', profile = 'default', filterScope = 'default', setup: given }: RecordsViewerProps) {
  const { t, api, href, emit } = useElement();
  const viewStore = viewFor(filterScope);
  const view = useStore(viewStore);
  const { setup, error: setupError } = useViewerSetup(moduleId, profile, given);
  const [error, setError] = useState('');
  const [, setVersion] = useState(0);
  const [expanded, setExpanded] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [cache] = useState(() => new BlockCache(() => Promise.resolve({ data: [], recordCount: 0 }), () => setVersion((v) => v + 1)));

  const info = setup?.profile;
  const sortBy = view.sortBy ?? info?.defaultOrderBy ?? null;
  const sorting: SortingState = useMemo(() => (sortBy ? [{ id: sortBy.fieldKey, desc: sortBy.operatorAsString === 'DESC' }] : []), [sortBy]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (next) viewStore.setKey('sortBy', { fieldKey: next.id, operatorAsString: next.desc ? 'DESC' : 'ASC' });
  };

  const all = useMemo(() => (setup?.schema ?? []).filter((c) => !c.isHidden), [setup]);
  const visible = useMemo(() => orderColumns(all, view.columnsInOrder).filter((c) => isVisible(view, c.key)), [all, view]);
  const columns = useMemo(() => visible.map((c) => ({ id: c.key, accessorKey: c.key, header: c.name })), [visible]);
  // The server sorts; a header click toggles one column (never off, never several).
  const table = useTable({ features, columns, data: [] as Row[], state: { sorting }, onSortingChange, manualSorting: true, enableSortingRemoval: false, enableMultiSort: false });
  const smartFilters = useSmartFilters(filterScope, setup?.dateKey);

  const count = cache.recordCount ?? 0;
  // The virtualizer keeps its own state outside React's; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => GRID.minRowHeight, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  // The verbatim shows its highlighted words: asked for the rows on screen.
  const verbatimKey = all.find((c) => c.isVerbatim)?.key;
  const keyOf = (row: Row) => String(row[info?.recordIdField ?? ''] ?? '');
  const shownKeys = verbatimKey ? items.map((item) => cache.row(item.index)).filter((row): row is Row => typeof row?.[verbatimKey] === 'string').map(keyOf) : [];
  const highlights = useHighlights(verbatimKey && info ? moduleId : undefined, shownKeys);

  // A new filter or sort starts a new load; answers to the old one are dropped.
  const sortKey = sortBy ? `${sortBy.fieldKey} ${sortBy.operatorAsString}` : '';
  useEffect(() => {
    if (!info || !sortKey || !smartFilters) return;
    const [field, dir] = sortKey.split(' ');
    cache.reset((skip, top) =>
      viewerRecords(moduleId, info.name, { skip, top, orderByFields: [field], orderByOperator: dir as 'ASC' | 'DESC', smartFilters }, api).then((res) => {
        if (isBadRequest(res)) throw new Error(res.message);
        return res;
      }),
    );
    setExpanded(null);
    scroller.current?.scrollTo({ top: 0 });
    cache.ensure(0, GRID.blockSize - 1).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [api, cache, info, sortKey, smartFilters, moduleId]);

  useEffect(() => {
    if (count > 0) cache.ensure(first, last).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [cache, first, last, count]);

  const open = (row: Row) => info && openInNewTab(href(drillthroughLink(info.detailsLink, row as never)));
  const onKey = (e: KeyboardEvent, index: number, row: Row | undefined) => {
    if (e.key !== 'Enter' || !row) return;
    e.preventDefault();
    if (e.shiftKey) open(row);
    else setExpanded((x) => (x === index ? null : index));
  };

  // The first rows of a load are on screen: once per load, with the records it has in all.
  useDrawnAnswer(emit, setup && cache.recordCount !== null ? cache.loadNumber : null, () => ({ name: moduleId, count: cache.recordCount ?? 0 }));

  if (error || setupError) return <LoadFailed>{t('viewer.loadFailed')} {error || setupError}</LoadFailed>;
  if (!setup) return <Loading>{t('viewer.loading')}</Loading>;
  // Fixed widths keep every row's columns aligned (each row is its own grid).
  const template = visible.map(columnWidth).map((w) => `${w}px`).join(' ');
  const width = visible.map(columnWidth).reduce((a, b) => a + b, 0);
  return (
    <div className="records" part="base">
      <div className="records-bar">
        {/* In the data viewer the filter bar above says the count: the grid says only that it loads. */}
        <p className="hint" role="status">{cache.recordCount === null ? t('viewer.loading') : given ? '' : t('viewer.records', { count })}</p>
        <ColumnChooser columns={all} scope={filterScope} />
      </div>
      {/* Says how rows open, so expanding one is found without trying. */}
      <p className="hint row-help">{t('viewer.rowHelp')}</p>
      <div className="grid" role="table" aria-rowcount={count + 1} aria-label={t('viewer.title')} ref={scroller}>
        <div role="rowgroup" className="head">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className="row" style={{ gridTemplateColumns: template, height: GRID.headerHeight, width }}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <div role="columnheader" key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="sort" title={String(header.column.columnDef.header)} onClick={header.column.getToggleSortingHandler()}>
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
                    {!row ? '…' : isHiddenValue(row[c.key]) ? <HiddenValue moduleId={moduleId} field={c.key} recordId={row[info!.recordIdField]} /> : c.key === verbatimKey ? <HighlightedText text={cellText(row[c.key], c.typeName)} highlights={highlights[keyOf(row)]} /> : cellText(row[c.key], c.typeName)}
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
