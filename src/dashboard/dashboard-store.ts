import { map, type MapStore } from 'nanostores';
import { isBadRequest, type ApiTarget } from '../api/client';
import { dashboardSource, dashboardVisuals, type DashboardSource } from '../api/dashboards';
import type { Block, VisualsResponse } from '../api/visual-types';
import type { SmartFilter } from '../stores/filters';
import { secondaryFilters, type VisualSelection } from '../visuals/common/selection';
import { loadGuard } from './load-guard';

export interface DashboardState {
  source: DashboardSource | null;
  response: VisualsResponse | null;
  /** Each visual's block under the primary plus the secondary (selection) filters. */
  secondary: Record<string, Block>;
  loading: boolean;
  /** Bumped per applied answer: tiles report drawn against it. */
  generation: number;
  error: string;
}

export interface DashboardStore {
  $state: MapStore<DashboardState>;
  loadSource(): Promise<void>;
  load(layout: string, filters: SmartFilter[], selections: readonly VisualSelection[]): Promise<void>;
  /** Edit mode saved: the answer on screen takes the saved layout and definitions, without a reload. */
  saved(layout: VisualsResponse['layout'], definitions: VisualsResponse['definitions']): void;
}

const message = (e: unknown): string => (isBadRequest(e) ? (e.message ?? '') : e instanceof Error ? e.message : String(e));

/**
 * One dashboard's data: its source, then its visuals for the filters, and a second set for the
 * filters plus the selections. The primary set is reused when only the selections changed.
 */
export function createDashboardStore(dashboardId: string, api?: ApiTarget): DashboardStore {
  const $state = map<DashboardState>({ source: null, response: null, secondary: {}, loading: false, generation: 0, error: '' });
  const guard = loadGuard();
  let primaryKey = '';

  return {
    $state,
    async loadSource() {
      try {
        const res = await dashboardSource(dashboardId, api);
        if (isBadRequest(res)) $state.setKey('error', message(res));
        else $state.setKey('source', res);
      } catch (e) {
        $state.setKey('error', message(e));
      }
    },
    saved(layout, definitions) {
      const response = $state.get().response;
      if (response) $state.setKey('response', { ...response, layout, definitions });
    },
    async load(layout, filters, selections) {
      const stamp = guard.next();
      $state.setKey('loading', true);
      const key = JSON.stringify([layout, filters]);
      const extra = secondaryFilters(selections);
      const known = key === primaryKey ? $state.get().response : null;
      try {
        const [primary, secondary] = await Promise.all([
          known ?? dashboardVisuals(dashboardId, layout, filters, api),
          extra.length ? dashboardVisuals(dashboardId, layout, [...filters, ...extra], api) : null,
        ]);
        if (!guard.isLatest(stamp)) return;
        if (isBadRequest(primary) || isBadRequest(secondary)) {
          $state.set({ ...$state.get(), loading: false, error: message(isBadRequest(primary) ? primary : secondary) });
          return;
        }
        primaryKey = key;
        const blocks = Object.fromEntries((secondary?.visuals ?? []).map((v) => [v.name, v.primary]));
        $state.set({ ...$state.get(), response: primary, secondary: blocks, loading: false, error: '', generation: $state.get().generation + 1 });
      } catch (e) {
        if (guard.isLatest(stamp)) $state.set({ ...$state.get(), loading: false, error: message(e) });
      }
    },
  };
}
