import { isBadRequest, type ApiTarget } from '../../api/client';
import { downloadAddress, exportAnalytics, exportRecords, type ExportAnswer } from '../../api/viewer';
import type { BadRequest } from '../../api/errors';
import { filtersFor, toSmartFilters } from '../../stores/filters';
import { isVisible, orderColumns, viewFor } from '../../stores/view-state';
import { $session } from '../../stores/session';
import type { ViewerSetup } from '../shared/use-viewer-setup';
import type { ViewMode } from './load-rules';

/** '2026-11-23T09-15': the export's time as it goes into the file name. */
export const exportStamp = (d = new Date()) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}-${p(d.getMinutes())}`;
};

/**
 * Exports what the mode shows: the pivot with its totals as switched, or the records (grid and
 * cards alike) with the visible columns in their order and the sort, its progress kept under
 * `progressKey`. Resolves to the download address once the server has written the file.
 */
export async function prepareExport(api: ApiTarget, moduleId: string, scope: string, mode: ViewMode, setup: ViewerSetup, progressKey: string): Promise<string> {
  const author = $session.get()?.userName ?? '';
  const stamp = exportStamp();
  const smartFilters = toSmartFilters(filtersFor(scope).get(), setup.dateKey);
  const view = viewFor(scope).get();
  const name = setup.profile.name;
  let answer: ExportAnswer | BadRequest;
  if (mode === 'AnalyticsViewer') {
    const { measures, rows, columns, hideRowTotals, hideColumnTotals } = view.pivot;
    answer = await exportAnalytics(moduleId, name, author, stamp, { hideRowTotals, hideColumnTotals }, { smartFilters, measureKeys: measures, rowDimensions: rows, columnDimensions: columns }, api);
  } else {
    const all = setup.schema.filter((c) => !c.isHidden);
    const cols = mode === 'RecordsViewer' ? orderColumns(all, view.columnsInOrder).filter((c) => isVisible(view, c.key)) : all;
    answer = await exportRecords(moduleId, name, author, stamp, { ExportCols: cols.map((c) => c.key), SmartDataSelection: { smartFilters }, SortBy: view.sortBy ?? setup.profile.defaultOrderBy }, progressKey, api);
  }
  if (isBadRequest(answer)) throw new Error(answer.message);
  return downloadAddress(answer, api);
}
