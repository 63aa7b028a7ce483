import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { caseSettings, deleteQueue, type CaseQueue, type CaseSettings } from '../api/caserules';
import { listSurveys, type SurveySummary } from '../api/surveys';
import { localText } from '../lib/survey-model';
import { problemOf } from '../datasources/problem';
import { ConfirmDialog } from '../elements/confirm-dialog';
import { QueueForm } from './queue-form';
import { QueueList } from './queue-list';
import { Outcome } from './outcome';
import { defaultSettings, SourceSettings, type RecoverySurvey } from './source-settings';

/**
 * The queues (deadlines per priority, working calendar), and for the chosen source how its cases
 * close: root causes, the recovery survey and its suppression window.
 */
export function SettingsTab({ sourceId, sourceName }: { sourceId: string; sourceName: string }) {
  const { t, api, lang } = useElement();
  const [settings, setSettings] = useState<CaseSettings | null>(null);
  // Undefined while they load, null when they could not be listed.
  const [surveys, setSurveys] = useState<SurveySummary[] | null | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const [editing, setEditing] = useState<CaseQueue | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<CaseQueue | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let live = true;
    caseSettings(api)
      .then((res) => {
        if (isBadRequest(res)) throw res;
        if (live) setSettings(res);
      })
      .catch((f: unknown) => live && setFailure(f ?? new Error('')));
    // The survey list is the editor's: without it, the recovery survey keeps what it has.
    listSurveys(api)
      .then((res) => live && setSurveys(isBadRequest(res) ? null : res.filter((s) => s.status === 'published')))
      .catch(() => live && setSurveys(null));
    return () => {
      live = false;
    };
  }, [api]);

  const queueSaved = (queue: CaseQueue) => {
    const known = settings?.queues.some((q) => q.name === queue.name);
    setSettings((s) => s && { ...s, queues: known ? s.queues.map((q) => (q.name === queue.name ? queue : q)) : [...s.queues, queue] });
    setEditing(null);
    setFormKey((k) => k + 1);
    setMessage(t('caseRules.queues.saved', { name: queue.name }));
  };

  const removeQueue = async (queue: CaseQueue) => {
    setBusy(true);
    setProblem('');
    try {
      const res = await deleteQueue(queue.name, api);
      if (isBadRequest(res)) throw res;
      setSettings((s) => s && { ...s, queues: s.queues.filter((q) => q.name !== queue.name) });
      if (editing?.name === queue.name) setEditing(null);
      setMessage(t('caseRules.queues.deleted', { name: queue.name }));
    } catch (f) {
      setMessage('');
      setProblem(problemOf(f, t('caseRules.failed')));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  if (failure) return <p className="banner error" role="alert">{problemOf(failure, t('caseRules.settingsFailed'))}</p>;
  if (!settings) return <p role="status">{t('caseRules.loading')}</p>;
  const recovery: RecoverySurvey[] | null | undefined = surveys && surveys.map((s) => ({ shortcode: s.shortcode, title: localText(s.title, lang) || s.shortcode }));
  const closing = settings.sources.find((s) => s.sourceId === sourceId) ?? defaultSettings(sourceId);
  return (
    <div className="settings-tab">
      <section className="queues-section" aria-labelledby="queues-title">
        <h2 id="queues-title">{t('caseRules.queues.title')}</h2>
        <p className="hint">{t('caseRules.queues.intro')}</p>
        <Outcome message={message} problem={problem} />
        {settings.queues.length === 0 ? <p className="empty">{t('caseRules.queues.empty')}</p> : <QueueList queues={settings.queues} onEdit={setEditing} onDelete={setDeleting} />}
        <QueueForm key={editing ? `edit-${editing.name}` : `new-${formKey}`} queue={editing ?? undefined} onSaved={queueSaved} onCancel={editing ? () => setEditing(null) : undefined} />
      </section>
      <SourceSettings
        key={sourceId}
        sourceName={sourceName}
        initial={closing}
        surveys={recovery}
        onSaved={(saved) => setSettings((s) => s && { ...s, sources: [...s.sources.filter((x) => x.sourceId !== saved.sourceId), saved] })}
      />
      {deleting && (
        <ConfirmDialog
          title={t('caseRules.queues.deleteTitle', { name: deleting.name })}
          confirmLabel={t('caseRules.confirmDelete')}
          cancelLabel={t('caseRules.cancel')}
          busy={busy}
          onConfirm={() => void removeQueue(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('caseRules.queues.deleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
