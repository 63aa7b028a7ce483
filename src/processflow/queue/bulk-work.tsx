import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { allocations as loadAllocations, bulkAction, caseView, type CaseRecord, type ClosingOptions } from '../../api/processflow';
import { allocationProperties, AssigneeSelect, type Allocations } from '../shared/assignee-select';
import { CLOSING_ACTIONS, ClosingFields, closingProblems, closingProperties, NEW_CLOSING } from '../shared/closing-fields';

/** What a bulk action did: how many cases changed, and each refusal with its case and messages. */
export interface BulkSummary {
  changed: number;
  refused: Array<{ id: number | string; messages: string[] }>;
}

type Mode = 'assign' | 'close';
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The closing actions' keys for their labels. */
const CLOSE_LABEL: Record<string, string> = { Resolve: 'resolve', 'Close without action': 'closeNoAction' };

interface FormProps {
  t: TFunction;
  moduleId: string;
  mode: Mode;
  records: CaseRecord[];
  onCancel: () => void;
  onDone: (s: BulkSummary) => void;
}

/**
 * The form of a bulk action (issue 45): a colleague to assign to, or how the cases closed, with the
 * comment every change needs. The colleagues and the closing's choices are those of the first
 * case chosen (one module's cases share them; the server checks each case as a single action).
 */
function BulkForm({ t, moduleId, mode, records, onCancel, onDone }: FormProps) {
  const { api } = useElement();
  const [people, setPeople] = useState<Allocations | null>(null);
  const [closing, setClosing] = useState<ClosingOptions | undefined | null>(null);
  const [loadError, setLoadError] = useState('');
  const [assignee, setAssignee] = useState('');
  const [actionName, setActionName] = useState(CLOSING_ACTIONS[0]);
  const [closed, setClosed] = useState(NEW_CLOSING);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const first = String(records[0]?.SourceObjectId ?? '');

  useEffect(() => {
    let live = true;
    const fail = (e: unknown) => live && setLoadError(errorText(e));
    if (mode === 'assign') {
      loadAllocations(moduleId, first, api)
        .then((a) => live && (isBadRequest(a) ? setLoadError(a.message ?? '') : setPeople(a)))
        .catch(fail);
    } else {
      caseView(moduleId, first, api)
        .then((v) => live && (isBadRequest(v) ? setLoadError(v.message ?? '') : setClosing(v.closing)))
        .catch(fail);
    }
    return () => {
      live = false;
    };
  }, [api, moduleId, mode, first]);

  const problems = [
    !comment.trim() && t('queue.bulk.needComment'),
    mode === 'assign' && !assignee && t('queue.bulk.needColleague'),
    ...(mode === 'close' ? closingProblems(t, closed, closing ?? undefined) : []),
  ].filter((m): m is string => !!m);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.length) return;
    const properties = mode === 'assign' ? allocationProperties(people ?? [], assignee) : closingProperties(closed, closing ?? undefined);
    const name = mode === 'assign' ? 'Assign' : actionName;
    // The refusals name the case as the worker knows it (its number), not the process flow's id.
    const ids = new Map(records.map((r) => [r.ProcessFlowObjectId, r.SourceObjectId]));
    setBusy(true);
    setError('');
    bulkAction(moduleId, { pfoIds: records.map((r) => r.ProcessFlowObjectId), actionName: name, actionProperties: JSON.stringify({ ...properties, actionComment: comment.trim() }), comment: comment.trim() }, api)
      .then((answer) => {
        if (isBadRequest(answer)) return setError(answer.message ?? '');
        onDone({
          changed: answer.results.filter((r) => r.ok).length,
          refused: answer.results.filter((r) => !r.ok).map((r) => ({ id: ids.get(r.pfoId) ?? r.pfoId, messages: r.messages ?? [] })),
        });
      })
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setBusy(false));
  };

  const title = t(mode === 'assign' ? 'queue.bulk.assignTitle' : 'queue.bulk.closeTitle', { count: records.length });
  const ready = mode === 'assign' ? people !== null : closing !== null;
  return (
    <form className="bulk-form action-form" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      {loadError ? (
        <p className="cx-error" role="alert">{t('queue.bulk.loadFailed')} {loadError}</p>
      ) : !ready ? (
        <p role="status">{t('queue.bulk.loading')}</p>
      ) : mode === 'assign' ? (
        <AssigneeSelect t={t} allocations={people ?? []} value={assignee} onChange={setAssignee} invalid={tried && !assignee} />
      ) : (
        <>
          <fieldset>
            <legend>{t('case.chooseAction')}</legend>
            {CLOSING_ACTIONS.map((a) => (
              <label key={a} className="inline">
                <input type="radio" name="bulk-close-action" checked={actionName === a} onChange={() => setActionName(a)} />
                {t(`queue.bulk.${CLOSE_LABEL[a]}`)}
              </label>
            ))}
          </fieldset>
          <ClosingFields t={t} id="bulk-closing" options={closing ?? undefined} value={closed} onChange={setClosed} tried={tried} />
        </>
      )}
      <label>
        {t('case.comment')}
        <textarea rows={3} value={comment} onChange={(e) => setComment(e.target.value)} aria-invalid={tried && !comment.trim()} required />
      </label>
      {tried && problems.length > 0 && <p className="field-error" role="alert">{problems.join(' ')}</p>}
      {error && <p className="cx-error" role="alert">{t('queue.bulk.failed')} {error}</p>}
      <div className="buttons">
        <button type="submit" disabled={busy || !ready} aria-busy={busy}>{title}</button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>{t('queue.bulk.cancel')}</button>
      </div>
    </form>
  );
}

/** What the last bulk action did: "3 cases changed, 1 not:" and each refusal's messages. */
function Summary({ t, summary }: { t: TFunction; summary: BulkSummary }) {
  const heading = useRef<HTMLParagraphElement>(null);
  // The summary takes the focus: the form that had it is gone.
  useEffect(() => heading.current?.focus(), [summary]);
  const refused = summary.refused.length;
  return (
    <div className="bulk-summary banner" role="status">
      <p ref={heading} tabIndex={-1}>
        {refused > 0 ? `${t('queue.bulk.changed', { count: summary.changed })}${t('queue.bulk.notChanged', { count: refused })}` : t('queue.bulk.allChanged', { count: summary.changed })}
      </p>
      {refused > 0 && (
        <ul>
          {summary.refused.map((r) => <li key={String(r.id)}>{t('queue.bulk.refusal', { id: r.id, messages: r.messages.join(' ') })}</li>)}
        </ul>
      )}
    </div>
  );
}

/**
 * Working several cases at once (issue 45): "Select all on this page", how many are chosen,
 * "Assign selected" and "Close selected", their form, and the summary of the last one.
 */
export function BulkWork({ t, moduleId, records, selected, onSelect, onDone }: { t: TFunction; moduleId: string; records: CaseRecord[]; selected: ReadonlySet<string>; onSelect: (ids: Set<string>) => void; onDone: () => void }) {
  const [mode, setMode] = useState<Mode | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const chosen = records.filter((r) => selected.has(r.ProcessFlowObjectId));
  const all = records.length > 0 && chosen.length === records.length;
  const open = (m: Mode) => {
    setSummary(null);
    setMode(mode === m ? null : m);
  };
  return (
    <div className="bulk-work">
      {records.length > 0 && (
        <div className="bulk-bar" role="group" aria-label={t('queue.bulk.title')}>
          <label className="inline">
            <input type="checkbox" checked={all} ref={(el) => { if (el) el.indeterminate = chosen.length > 0 && !all; }}
              onChange={() => onSelect(all ? new Set() : new Set(records.map((r) => r.ProcessFlowObjectId)))} />
            {t('queue.bulk.selectAll')}
          </label>
          <span className="hint">{t('queue.bulk.selected', { count: chosen.length })}</span>
          <button type="button" className="secondary" disabled={chosen.length === 0} aria-pressed={mode === 'assign'} onClick={() => open('assign')}>{t('queue.bulk.assign')}</button>
          <button type="button" className="secondary" disabled={chosen.length === 0} aria-pressed={mode === 'close'} onClick={() => open('close')}>{t('queue.bulk.close')}</button>
        </div>
      )}
      {mode && chosen.length > 0 && (
        <BulkForm key={mode} t={t} moduleId={moduleId} mode={mode} records={chosen} onCancel={() => setMode(null)}
          onDone={(s) => {
            setMode(null);
            setSummary(s);
            onDone();
          }} />
      )}
      {summary && <Summary t={t} summary={summary} />}
    </div>
  );
}
