import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { cancelExport, exportProgress } from '../../api/viewer';
import type { ViewerSetup } from '../shared/use-viewer-setup';
import type { ViewMode } from './load-rules';
import { prepareExport } from './export';
import { numberFormat } from '../../lib/intl';

/** How often an export in writing is asked how far it has come. */
const POLL_MS = 500;

type State =
  | { kind: 'idle'; note?: string; error?: string }
  | { kind: 'writing'; key: string; written: number; total: number; cancelling: boolean };

/**
 * The Excel export's button, and while the server writes a records export, how far it has come
 * (percent and rows, polled) with a Cancel that stops it at its next chunk. The download starts
 * once the file is written.
 */
export function ExportControl({ moduleId, scope, mode, setup }: { moduleId: string; scope: string; mode: ViewMode; setup: ViewerSetup }) {
  const { t, api, lang } = useElement();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const key = state.kind === 'writing' ? state.key : null;

  useEffect(() => {
    if (!key || mode === 'AnalyticsViewer') return;
    const timer = setInterval(() => {
      void exportProgress(key, api)
        .then((p) => !isBadRequest(p) && p.writing && setState((s) => (s.kind === 'writing' && s.key === key ? { ...s, written: p.written, total: p.total } : s)))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [key, mode, api]);

  const start = () => {
    const progressKey = crypto.randomUUID();
    setState({ kind: 'writing', key: progressKey, written: 0, total: 0, cancelling: false });
    prepareExport(api, moduleId, scope, mode, setup, progressKey)
      .then((address) => {
        setState({ kind: 'idle' });
        location.assign(address);
      })
      .catch((e: unknown) =>
        setState((s) => (s.kind === 'writing' && s.cancelling ? { kind: 'idle', note: t('dataViewer.exportCancelled') } : { kind: 'idle', error: e instanceof Error ? e.message : String(e) })),
      );
  };
  const cancel = () => {
    if (state.kind !== 'writing') return;
    setState({ ...state, cancelling: true });
    void cancelExport(state.key, api).catch(() => undefined);
  };

  const number = numberFormat(lang);
  if (state.kind === 'writing') {
    const percent = state.total ? Math.floor((100 * state.written) / state.total) : 0;
    return (
      <div className="export-progress" role="status" part="export-progress">
        {state.total > 0 ? (
          <>
            <progress max={state.total} value={state.written} aria-label={t('dataViewer.exportProgressLabel')}></progress>
            <span>{t('dataViewer.exportProgress', { percent, written: number.format(state.written), total: number.format(state.total) })}</span>
          </>
        ) : (
          <span>{t('dataViewer.exporting')}</span>
        )}
        {mode !== 'AnalyticsViewer' && (
          <button type="button" className="secondary" onClick={cancel} disabled={state.cancelling}>
            {t('dataViewer.cancelExport')}
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      <button type="button" className="secondary" onClick={start}>
        {t('dataViewer.export')}
      </button>
      {state.note && <p className="hint" role="status">{state.note}</p>}
      {state.error && <p className="cx-error" role="alert">{t('dataViewer.exportFailed')} {state.error}</p>}
    </>
  );
}
