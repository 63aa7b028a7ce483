import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { deleteRule, listRules, ruleOptions, switchRule, type CaseRule, type RuleOptions } from '../api/caserules';
import { problemOf } from '../datasources/problem';
import { ConfirmDialog } from '../elements/confirm-dialog';
import { RuleForm } from './rule-form';
import { RuleList } from './rule-list';
import { Outcome } from './outcome';

/** Rejects a 400 so that one failure path shows it. */
async function ok<T>(call: Promise<T>): Promise<Exclude<T, { contain_error: true }>> {
  const res = await call;
  if (isBadRequest(res)) throw res;
  return res as Exclude<T, { contain_error: true }>;
}

/**
 * The rules of one source: the list (switch, edit, delete), then the form, for a new rule or the
 * one being edited. Says when the source's rows cannot become cases yet.
 */
export function RulesTab({ sourceId }: { sourceId: string }) {
  const { t, api } = useElement();
  const [options, setOptions] = useState<RuleOptions | null>(null);
  const [rules, setRules] = useState<CaseRule[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [editing, setEditing] = useState<CaseRule | null>(null);
  // A new form after each save: it starts empty again.
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<CaseRule | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let live = true;
    Promise.all([ok(ruleOptions(sourceId, api)), ok(listRules(sourceId, api))])
      .then(([o, r]) => {
        if (!live) return;
        setOptions(o);
        setRules(r.rules);
      })
      .catch((f: unknown) => live && setFailure(f ?? new Error('')));
    return () => {
      live = false;
    };
  }, [sourceId, api]);

  /** Runs a change of the list; says what happened, or why it did not. */
  const change = async (id: string, call: () => Promise<void>, done: string) => {
    setBusy(id);
    setProblem('');
    try {
      await call();
      setMessage(done);
    } catch (f) {
      setMessage('');
      setProblem(problemOf(f, t('caseRules.failed')));
    } finally {
      setBusy(null);
    }
  };
  const replace = (rule: CaseRule) => setRules((list) => (list ?? []).map((r) => (r.id === rule.id ? rule : r)));

  const onSwitch = (rule: CaseRule, enabled: boolean) =>
    void change(rule.id, async () => replace(await ok(switchRule(rule.id, enabled, api))), t(enabled ? 'caseRules.switchedOn' : 'caseRules.switchedOff', { name: rule.name }));

  const onDelete = (rule: CaseRule) =>
    void change(
      rule.id,
      async () => {
        await ok(deleteRule(rule.id, api));
        setRules((list) => (list ?? []).filter((r) => r.id !== rule.id));
        if (editing?.id === rule.id) setEditing(null);
        setDeleting(null);
      },
      t('caseRules.deleted', { name: rule.name }),
    );

  const onSaved = (rule: CaseRule) => {
    const known = rules?.some((r) => r.id === rule.id);
    setRules((list) => (known ? (list ?? []).map((r) => (r.id === rule.id ? rule : r)) : [...(list ?? []), rule]));
    setEditing(null);
    setFormKey((k) => k + 1);
    setMessage(t(known ? 'caseRules.saved' : 'caseRules.created', { name: rule.name }));
  };

  if (failure) return <p className="banner error" role="alert">{problemOf(failure, t('caseRules.loadFailed'))}</p>;
  if (!options || !rules) return <p role="status">{t('caseRules.loading')}</p>;
  return (
    <div className="rules-tab">
      {!options.casesOpen && <p className="banner info">{t('caseRules.casesClosed')}</p>}
      <Outcome message={message} problem={problem} />
      {rules.length === 0 ? <p className="empty">{t('caseRules.empty')}</p> : <RuleList rules={rules} options={options} switching={busy} onSwitch={onSwitch} onEdit={setEditing} onDelete={setDeleting} />}
      <RuleForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        sourceId={sourceId}
        options={options}
        rule={editing ?? undefined}
        onSaved={onSaved}
        onCancel={editing ? () => setEditing(null) : undefined}
      />
      {deleting && (
        <ConfirmDialog
          title={t('caseRules.deleteTitle', { name: deleting.name })}
          confirmLabel={t('caseRules.confirmDelete')}
          cancelLabel={t('caseRules.cancel')}
          busy={busy === deleting.id}
          onConfirm={() => onDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('caseRules.deleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
