import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { singleVisual } from '../../api/dashboards';
import type { Block, SingleVisualResponse } from '../../api/visual-types';
import { filtersFor, toSmartFilters } from '../../stores/filters';
import { clearSelections, selectionsFor } from '../../stores/selections';
import { selectMark, useDrawnEvent } from '../common/partner-events';
import { secondaryFilters, type SelectionMode } from '../common/selection';
import { loadGuard } from '../../dashboard/load-guard';
import { VisualTile } from '../tile/visual-tile';
import { useChildFilters } from './child-filters';
import { rememberDateKey, useModuleDateKey } from './date-key';
import { VisualSource } from '../common/visual-source';
import { PropertyEditor } from '../../dashboard/editor/property-editor';
import { applyDefinitionEdits, recordEdit, type Edits } from '../../dashboard/editor/edits';
import { $session } from '../../stores/session';
import { DASHBOARD_EDITOR_ROLES, hasAnyRole } from '../../lib/roles';

export interface VisualElementProps {
  moduleId?: string;
  visual?: string;
  filterScope?: string;
  /** Edit mode, as the `editor` query parameter of the page also asks. */
  editor?: boolean;
}

const pageAsksEditor = () => typeof location !== 'undefined' && new URLSearchParams(location.search).has('editor');

/**
 * One tile on its own (a partner page): loads the visual by name for the scope's filters, and a
 * second set when the scope has selections. A click on a chart adds a selection to the scope.
 */
export function VisualElement({ moduleId = '', visual = '', filterScope = 'default', editor = false }: VisualElementProps) {
  const { t, api, host, emit } = useElement();
  const fixed = useChildFilters(host);
  // Like a dashboard tile: edit mode by the attribute or the page's ?editor, for the dashboard authors.
  const mayEdit = hasAnyRole(useStore($session), DASHBOARD_EDITOR_ROLES);
  const editing = (editor || pageAsksEditor()) && mayEdit;
  const [edits, setEdits] = useState<Edits>({});
  const [panelOpen, setPanelOpen] = useState(false);
  const filters = useStore(filtersFor(filterScope));
  const selections = useStore(selectionsFor(filterScope));
  const [answer, setAnswer] = useState<{ primary: SingleVisualResponse; secondary?: Block; generation: number } | null>(null);
  const [error, setError] = useState('');
  // The scope's period applies to the module's own date field: no call until it is known.
  const { dateKey, error: keyError } = useModuleDateKey(moduleId, api);
  const [guard] = useState(loadGuard);
  // The scope's filters and the tile's own; a child filter on the date field replaces the scope's period.
  const smartFilters = useMemo(() => {
    if (dateKey === undefined) return null;
    const scope = toSmartFilters(filters, dateKey);
    const ownDate = fixed.some((f) => f.filterKey === dateKey);
    return [...(ownDate ? scope.filter((f) => f.filterKey !== dateKey) : scope), ...fixed];
  }, [filters, dateKey, fixed]);

  useEffect(() => {
    if (!moduleId || !visual || !smartFilters) return;
    const stamp = guard.next();
    const extra = secondaryFilters(selections);
    Promise.all([singleVisual(moduleId, visual, smartFilters, api), extra.length ? singleVisual(moduleId, visual, [...smartFilters, ...extra], api) : null])
      .then(([primary, secondary]) => {
        if (!guard.isLatest(stamp)) return;
        if (isBadRequest(primary)) return setError(primary.message ?? '');
        setError('');
        rememberDateKey(api, moduleId, primary.dateKey);
        setAnswer({ primary, secondary: secondary && !isBadRequest(secondary) ? secondary.primary : undefined, generation: stamp });
      })
      .catch((e: unknown) => guard.isLatest(stamp) && setError(e instanceof Error ? e.message : String(e)));
  }, [api, guard, moduleId, visual, smartFilters, selections]);

  const announce = useDrawnEvent(emit);
  const generation = answer?.generation ?? 0;
  const drawn = useCallback((name: string, count: number) => announce(generation, { name, count }), [announce, generation]);
  if (!moduleId || !visual) return <p className="cx-error" part="base">{t('visuals.needsVisual')}</p>;
  const failed = error || keyError;
  if (failed) return <p className="cx-error" part="base" role="alert">{t('visuals.loadFailed')} {failed}</p>;
  if (!answer) return <p className="loading" part="base" role="status">{t('visuals.loading')}</p>;
  const original = answer.primary.definition;
  const def = applyDefinitionEdits(original, edits);
  const header = String(def.templateBindings.Header ?? answer.primary.primary.header.content);
  return (
    <div className="standalone" part="base">
      <VisualSource.Provider value={{ moduleId, smartFilters: smartFilters ?? [] }}>
      <VisualTile
        item={{ ...answer.primary, primary: { ...answer.primary.primary, header: { content: header } } }}
        definition={def}
        onEdit={editing ? () => setPanelOpen(true) : undefined}
        secondary={answer.secondary}
        selections={selections.filter((s) => s.visualName === answer.primary.name)}
        allSelections={selections}
        onSelect={(s) => selectMark(emit, filterScope, s, (def.templateBindings.SelectionMode as SelectionMode) ?? 'SinglePrimary')}
        onClear={() => clearSelections(filterScope, answer.primary.name)}
        onDrawn={drawn}
        generation={answer.generation}
      />
      </VisualSource.Provider>
      {editing && panelOpen && (
        <PropertyEditor
          definition={def}
          edits={edits}
          columns={12}
          onLayout={() => undefined}
          onSetting={(name, changes) => setEdits((e) => recordEdit(e, name, 'templateBindings', changes, original.templateBindings))}
          onClose={() => setPanelOpen(false)}
        />
      )}
    </div>
  );
}
