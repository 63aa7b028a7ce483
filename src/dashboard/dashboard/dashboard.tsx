import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { languageCode } from '../../elements/texts';
import { PortalLink } from '../../elements/portal-link';
import { SmartFilterBar } from '../../filters/smart-filter-bar/smart-filter-bar';
import { cacheFilters, DASHBOARD_DEFAULT_DATE, filtersFor, toSmartFilters } from '../../stores/filters';
import { clearSelections, selectionsFor, toggleVisualSelection } from '../../stores/selections';
import { columnsFor, fitLayout, layoutIndex, moveTile, RESIZE_DEBOUNCE_MS } from '../../lib/grid-layout';
import { VisualSource } from '../../visuals/common/visual-source';
import { VisualTile } from '../../visuals/tile/visual-tile';
import { selectMark, useDrawnEvent } from '../../visuals/common/partner-events';
import type { SelectionMode, VisualSelection } from '../../visuals/common/selection';
import { createDashboardStore } from '../dashboard-store';
import { Loader } from '../loader/loader';
import { PropertyEditor } from '../editor/property-editor';
import { applyDefinitionEdits, applyLayoutEdits, downloadJson, layoutFile, recordEdit, type Edits } from '../editor/edits';
import { Grid } from './grid';
import { CopyLinkButton } from '../copy-link';
import { customRangeRulesOf } from '../../lib/date-ranges';
import { showingDashboard } from '../saved-state';
import { $path, holdUnsavedWork } from '../../stores/navigation';
import { $session } from '../../stores/session';
import { DASHBOARD_EDITOR_ROLES, hasAnyRole } from '../../lib/roles';
import { isBadRequest } from '../../api/client';
import { saveDashboardLayout } from '../../api/dashboards';
import type { VisualsResponse } from '../../api/visual-types';
import { useDebouncedWidth } from './use-width';

/** Tiles drawn per task while a dashboard first appears. */
const TILES_PER_TASK = 1;
const NO_VISUALS: VisualsResponse['visuals'] = [];
const NO_SELECTIONS: VisualSelection[] = [];

export interface DashboardProps {
  dashboardId?: string;
  layout?: string;
  filterScope?: string;
  editor?: boolean;
}

/** A dashboard: breadcrumb, smart filter bar, named layouts, the tile grid, loader, no-records state and edit mode. */
export function Dashboard({ dashboardId = '', layout: initialLayout = 'Default', filterScope, editor: editorAsked = false }: DashboardProps) {
  const { t, host, api, lang, emit } = useElement();
  // Edit mode is the dashboard authors' (docs/decisions.md); the server refuses anyone else's save.
  const layoutAuthor = hasAnyRole(useStore($session), DASHBOARD_EDITOR_ROLES);
  const editor = editorAsked && layoutAuthor;
  const [saveNote, setSaveNote] = useState('');
  // A new language asks again: the server names the tiles in it. Only a new one: the browser's en-US
  // giving way to a saved en must not ask for the source and tiles twice.
  const language = languageCode(lang);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is what the requests carry (Accept-Language)
  const store = useMemo(() => createDashboardStore(dashboardId, api), [dashboardId, api, language]);
  const state = useStore(store.$state);
  const scope = filterScope || `dashboard:${dashboardId}`;
  const filters = useStore(filtersFor(scope));
  const selections = useStore(selectionsFor(scope));
  // The layout the user chose, until the element's own `layout` attribute changes.
  const [chosen, setChosen] = useState({ from: initialLayout, name: initialLayout });
  const layoutName = chosen.from === initialLayout ? chosen.name : initialLayout;
  const [drawn, setDrawn] = useState<{ generation: number; names: Set<string> }>({ generation: 0, names: new Set() });
  const [edits, setEdits] = useState<Edits>({});
  const [editing, setEditing] = useState<string | null>(null);
  const width = useDebouncedWidth(host, RESIZE_DEBOUNCE_MS);
  const columns = columnsFor(layoutIndex(width));
  const source = state.source;
  // The dashboard's data source already holds the custom-range rules: the filter bar need not ask again.
  const dateRules = useMemo(() => (source ? customRangeRulesOf(source) : undefined), [source]);
  const dateKey = source?.dateFilterKey ?? '';

  useEffect(() => {
    cacheFilters(scope, scope);
    showingDashboard(scope, $path.get());
    void store.loadSource();
  }, [store, scope]);
  // Tiles compare two periods: with no date chosen they show the default one, and so do the bar's count and date box.
  const smartFilters = useMemo(() => (dateKey ? toSmartFilters(filters, dateKey, undefined, DASHBOARD_DEFAULT_DATE) : null), [filters, dateKey]);
  useEffect(() => {
    if (smartFilters) void store.load(layoutName, smartFilters, selections);
  }, [store, layoutName, smartFilters, selections]);

  const response = state.response;
  // A tile that loads more (the review feed) asks with the dashboard's module and filters.
  const visualSource = useMemo(() => (response && smartFilters ? { moduleId: response.moduleId, smartFilters } : null), [response, smartFilters]);
  const onDrawn = useCallback(
    (name: string) =>
      setDrawn((d) => {
        const generation = store.$state.get().generation;
        if (d.generation === generation && d.names.has(name)) return d;
        const names = d.generation === generation ? new Set(d.names) : new Set<string>();
        names.add(name);
        return { generation, names };
      }),
    [store],
  );
  const visuals = response?.hasRecordsToDisplay ? response.visuals : NO_VISUALS;
  // No tiles to draw (a period without records) is drawn at once: no tile will report it.
  const allDrawn = visuals.length === 0 || (drawn.generation === state.generation && visuals.every((v) => drawn.names.has(v.name)));
  const busy = !state.error && (!response || state.loading || !allDrawn);
  // Every tile of the answer drawn: `cx-drawn` once for the dashboard (its tiles stay quiet).
  const announce = useDrawnEvent(emit);
  useEffect(() => {
    if (response && !busy && !state.error) announce(state.generation, { name: dashboardId, count: visuals.length });
  }, [announce, response, busy, state.error, state.generation, dashboardId, visuals.length]);

  const base = response ? applyLayoutEdits(response.layout, edits) : [];
  const shown = fitLayout(base, columns);
  // The first answer's tiles are drawn one at a time, top first, each in a task of its own:
  // drawing every chart in one commit held a slow phone's main thread for 300 ms. Later answers
  // redraw every tile at once (they are on screen already).
  const [upTo, setUpTo] = useState(TILES_PER_TASK);
  const rank = new Map([...shown].sort((a, b) => a.y - b.y || a.x - b.x).map((l, i) => [l.name, i]));
  useEffect(() => {
    if (!response || upTo >= shown.length) return;
    const next = setTimeout(() => setUpTo((n) => n + TILES_PER_TASK), 0);
    return () => clearTimeout(next);
  }, [response, upTo, shown.length]);
  const definitions = useMemo(() => new Map((response?.definitions ?? []).map((d) => [d.name, applyDefinitionEdits(d, edits)])), [response, edits]);
  const titles = useMemo(() => Object.fromEntries([...definitions].map(([n, d]) => [n, String(d.templateBindings.Header ?? n)])), [definitions]);
  // Each tile's props kept from one render to the next: a tile drawn, or the next one let in,
  // renders the dashboard again, and the tiles already there stay as they are (VisualTile is memo).
  const tiles = useMemo(
    () =>
      new Map(
        visuals.flatMap((item) => {
          const definition = definitions.get(item.name);
          if (!definition) return [];
          const mode = (definition.templateBindings.SelectionMode as SelectionMode) ?? 'SinglePrimary';
          const tile = {
            item: { ...item, primary: { ...item.primary, header: { content: titles[item.name] } } },
            definition,
            onSelect: (s: VisualSelection) => selectMark(emit, scope, s, mode),
            onClear: () => clearSelections(scope, item.name),
          };
          return [[item.name, tile] as const];
        }),
      ),
    [visuals, definitions, titles, scope, emit],
  );
  const selectionsOf = useMemo(() => {
    const byTile = new Map<string, VisualSelection[]>();
    for (const s of selections) byTile.set(s.visualName, [...(byTile.get(s.visualName) ?? []), s]);
    return byTile;
  }, [selections]);
  const move = (name: string, x: number, y: number) => {
    if (!response) return;
    const next = moveTile(base, name, x, y, columns);
    setEdits((e) => next.reduce((acc, l) => recordEdit(acc, l.name, 'layout', { x: l.x, y: l.y, w: l.w, h: l.h }, { ...response.layout.find((o) => o.name === l.name) }), e));
  };
  const unsaved = Object.keys(edits).length > 0;
  useEffect(() => holdUnsavedWork(editor && unsaved ? t('dashboard.editor.unsaved') : null), [editor, unsaved, t]);
  const save = async () => {
    if (!response) return;
    setSaveNote('');
    const layout = base;
    const definitions = response.definitions.map((d) => applyDefinitionEdits(d, edits));
    const res = await saveDashboardLayout(response.dashboardId, response.layoutName, { layout, changes: edits }, api).catch((e: unknown) => ({ message: e instanceof Error ? e.message : String(e) }));
    if (isBadRequest(res) || !('saved' in res)) return setSaveNote(t('dashboard.editor.saveFailed', { message: res.message ?? '' }));
    store.saved(layout, definitions);
    setEdits({});
    setSaveNote(t('dashboard.editor.saved'));
  };
  const chooseLayout = (name: string) => {
    if (unsaved && !confirm(t('dashboard.editor.unsaved'))) return;
    setChosen({ from: initialLayout, name });
    setEdits({});
  };

  if (!dashboardId) return <p className="cx-error" part="base">{t('dashboard.noId')}</p>;
  const path = response?.breadcrumb.templateBindings.path ?? [];
  return (
    <div className="dashboard" part="base" data-state={busy ? 'loading' : 'ready'} data-generation={state.generation}>
      {/* Named after the dashboard, so that two dashboards on one page have landmarks of their own. */}
      <nav aria-label={t('dashboard.breadcrumbOf', { name: path.at(-1)?.name ?? dashboardId })} className="breadcrumb">
        <ol>
          {path.map((p, i) => (
            <li key={i}>{p.url && i < path.length - 1 ? <PortalLink to={p.url}>{p.name}</PortalLink> : <span aria-current={i === path.length - 1 ? 'page' : undefined}>{p.name}</span>}</li>
          ))}
        </ol>
      </nav>
      {source && <SmartFilterBar moduleId={source.smartDataModuleId} filterScope={scope} tags={source.smartFilterTags.join(',')} dateKey={source.dateFilterKey} dateRules={dateRules} defaultDate={DASHBOARD_DEFAULT_DATE} label={t('filters.labelOf', { name: path.at(-1)?.name ?? dashboardId })} />}
      <div className="toolbar">
        {source && source.layouts.length > 1 && (
          <label>
            {t('dashboard.layout')}
            <select value={response?.layoutName ?? layoutName} onChange={(e) => chooseLayout(e.target.value)}>
              {source.layouts.map((l) => (
                <option key={l} value={l}>
                  {source.layoutLabels?.[l] ?? l}
                </option>
              ))}
            </select>
          </label>
        )}
        {selections.length > 0 && (
          <div className="selections" role="group" aria-label={t('dashboard.selections')}>
            {selections.map((s) => (
              <button key={`${s.visualName}|${s.axisValue}|${s.seriesValue}`} type="button" className="chip" onClick={() => toggleVisualSelection(scope, s)} aria-label={t('dashboard.removeSelection', { value: [s.axisValue, s.seriesValue].filter(Boolean).join(' / ') })}>
                {[s.axisValue, s.seriesValue].filter(Boolean).join(' / ')} ×
              </button>
            ))}
            <button type="button" className="link" onClick={() => clearSelections(scope)}>
              {t('dashboard.clearSelections')}
            </button>
          </div>
        )}
        {editor && response && (
          <>
            <button type="button" onClick={() => void save()} disabled={!unsaved}>
              {t('dashboard.editor.save')}
            </button>
            <button type="button" className="secondary" onClick={() => downloadJson(`${response.dashboardId}-${response.layoutName}.layout.json`, layoutFile(response.dashboardId, response.layoutName, base, edits))}>
              {t('dashboard.editor.copyLayout')}
            </button>
          </>
        )}
        {/* Every viewer may pass the dashboard on as they see it (its filters in the address). */}
        <CopyLinkButton path={`/dashboard/${encodeURIComponent(dashboardId)}/`} scope={scope} />
        {/* Whoever the server says may edit it opens it in the builder (the ?editor mode stays for the layout alone). */}
        {source?.mayEdit && !editor && (
          <PortalLink to={`/dataviz/build/${encodeURIComponent(dashboardId)}`} className="edit-link">
            {t('dashboard.edit')}
          </PortalLink>
        )}
        {editorAsked && !layoutAuthor && <p className="hint">{t('dashboard.editor.notAllowed')}</p>}
        <span className="hint" role="status">{saveNote}</span>
      </div>
      {state.error && (
        <p className="cx-error" role="alert">
          {t('dashboard.loadFailed')} {state.error}
        </p>
      )}
      <Loader busy={busy} />
      {response && !response.hasRecordsToDisplay ? (
        <div className="no-records" role="status">
          <h2>{t('dashboard.noRecords')}</h2>
          <p>{t('dashboard.noRecordsHint')}</p>
        </div>
      ) : (
        response && (
          <VisualSource.Provider value={visualSource}>
          <Grid layout={shown} columns={columns} editor={editor} titles={titles} onMove={move}>
            {(name) => {
              const tile = tiles.get(name);
              if (!tile || (rank.get(name) ?? 0) >= upTo) return null;
              return (
                <VisualTile
                  {...tile}
                  secondary={state.secondary[name]}
                  selections={selectionsOf.get(name) ?? NO_SELECTIONS}
                  allSelections={selections}
                  onDrawn={onDrawn}
                  generation={state.generation}
                  onEdit={editor ? setEditing : undefined}
                />
              );
            }}
          </Grid>
          </VisualSource.Provider>
        )
      )}
      {editor && editing && definitions.get(editing) && (
        <PropertyEditor
          definition={definitions.get(editing)!}
          place={base.find((l) => l.name === editing)!}
          edits={edits}
          columns={12}
          onLayout={(name, changes) => {
            const item = base.find((l) => l.name === name)!;
            if (changes.x !== undefined || changes.y !== undefined) move(name, changes.x ?? item.x, changes.y ?? item.y);
            else setEdits((e) => recordEdit(e, name, 'layout', changes, { ...response!.layout.find((o) => o.name === name) }));
          }}
          onSetting={(name, changes) => setEdits((e) => recordEdit(e, name, 'templateBindings', changes, response!.definitions.find((d) => d.name === name)!.templateBindings))}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
