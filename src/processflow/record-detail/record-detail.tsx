import { useCallback, useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { ApiError, isBadRequest } from '../../api/client';
import { ACTION_TYPE, allocations as loadAllocations, caseHistory, caseView, emailPreview, markRead, mentionable, tagList, takeAction, type ActionGroup, type AllocationOption, type CaseView, type HistoryEntry, type Person } from '../../api/processflow';
import { longDate, longInstant, shortDate } from '../../lib/dates';
import { numberFormat } from '../../lib/intl';
import { ActionForm, type ActionRequest } from './action-form';
import { SocialSignIn } from './social-sign-in';
import { socialReply } from '../../api/social';
import { $social } from '../../stores/social';
import { useStore } from '@nanostores/react';
import { Collapsible, COLLAPSE_AT } from './collapsible';
import { TagEditor } from './tag-editor';
import { CleanedText } from '../../elements/hidden-value';
import { PROCESS_FLOW_DATA } from '../../api/smartdata';
import { CaseClock, nextDeadline, useServerClock } from '../shared/clock';
import { Loading, LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { CaseHistory } from './case-history';
import { HighlightedText } from '../../elements/highlighted-text/highlighted-text';
import { useHighlights } from '../../elements/highlighted-text/use-highlights';
import { CASES_SOURCE } from '../../api/text';

export interface RecordDetailProps {
  moduleId?: string;
  sourceObjectId?: string;
  profileId?: string;
  /** Preselects an action group by name (the route's action parameter). */
  action?: string;
  /** Starts the preselected action's comment with this quick template (a review card's call to action). */
  quickTemplate?: string;
}

/** A figure as entered: every decimal kept, no thousands separator (an id or a year reads as itself). */
const FIGURE: Intl.NumberFormatOptions = { maximumFractionDigits: 20, useGrouping: false };

/** Validation results stay 5 seconds (spec part 3 section 4). */
export const RESULTS_MS = 5000;
/** A resize event 500 ms after an action (spec part 3 section 9): pages around the element re-measure. */
export const RESIZE_AFTER_MS = 500;

/**
 * One case (spec part 3, record detail): header, comment, details, drivers, tags, the history
 * timeline and the actions the server permits. Opening it marks it read. After an action the case,
 * its history and its actions come from the answer.
 */
export function RecordDetail({ moduleId = 'cases', sourceObjectId = '', profileId = 'cases', action, quickTemplate }: RecordDetailProps) {
  const { t, api, emit, lang } = useElement();
  const [view, setView] = useState<CaseView | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [people, setPeople] = useState<Person[]>([]);
  const [groupsOfPeople, setAllocations] = useState<Array<{ role: string; users: AllocationOption[] }>>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string>(action ?? '');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<string[]>([]);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const social = useStore($social);
  const { now, sync } = useServerClock();

  // The case and its history, as they are on the server now.
  const load = useCallback(
    () =>
      caseView(moduleId, sourceObjectId, api).then(async (res) => {
        if (isBadRequest(res)) return setError(res.message ?? '');
        setView(res);
        sync(res.now);
        const past = await caseHistory(moduleId, res.processFlowObject.processFlowObjectId, api);
        if (!isBadRequest(past)) setHistory(past);
      }),
    [api, moduleId, sourceObjectId, sync],
  );

  useEffect(() => {
    void markRead(moduleId, sourceObjectId, api).catch(() => undefined);
    load().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    Promise.all([mentionable(moduleId, sourceObjectId, api), loadAllocations(moduleId, sourceObjectId, api), tagList(moduleId, api)])
      .then(([m, a, tags]) => {
        if (!isBadRequest(m)) setPeople(m);
        if (!isBadRequest(a)) setAllocations(a);
        if (!isBadRequest(tags)) setSuggestions(tags.map((x) => x.TagId));
      })
      .catch(() => undefined);
  }, [api, load, moduleId, sourceObjectId]);

  useEffect(() => {
    if (!results.length) return;
    const timer = setTimeout(() => setResults([]), RESULTS_MS);
    return () => clearTimeout(timer);
  }, [results]);

  // The case is on screen: once per case opened (an action's answer redraws the same case).
  useDrawnAnswer(emit, view ? `${moduleId}/${sourceObjectId}` : null, () => ({ name: sourceObjectId, count: 1 }));
  // The customer's comment shows the words that made its sentiment and topics: the case's row of the cases' data source.
  const caseKey = view?.processFlowObject.processFlowObjectId;
  const highlights = useHighlights(caseKey ? CASES_SOURCE : undefined, caseKey ? [caseKey] : []);

  if (error) return <LoadFailed>{t('case.loadFailed')} {error}</LoadFailed>;
  if (!view) return <Loading>{t('case.loading')}</Loading>;
  const pfo = view.processFlowObject;
  const p = pfo.properties;

  const act = async (actionName: string, comment: string, properties: Record<string, unknown>, isSocial = false) => {
    setBusy(true);
    setDone('');
    try {
      // A public reply goes through the review provider with the social sign-in (spec part 3 section 4).
      const res = isSocial
        ? social ? await socialReply(pfo.sourceObjectId, social.idToken, comment, api) : { validationResults: [{ messages: [t('reviews.social.needed')] }] }
        : await takeAction(moduleId, pfo.processFlowObjectId, { actionName, comment, isSocial: false, actionProperties: JSON.stringify({ ...properties, version: pfo.version }) }, api);
      if (isBadRequest(res)) return setResults([res.message ?? t('case.actionFailed')]);
      if ('validationResults' in res) return setResults(res.validationResults.flatMap((r) => r.messages));
      // The answer carries the case as it is now; the actions it permits come with the view.
      setHistory((h) => [...h, res.actionHistoryRecord]);
      setDone(t('case.done', { name: actionName }));
      setChosen('');
      await load();
      emit('case-changed', { sourceObjectId: pfo.sourceObjectId, state: res.processFlowObject.properties.State });
      setTimeout(() => dispatchEvent(new Event('resize')), RESIZE_AFTER_MS);
    } catch (e) {
      // A social sign-in the server no longer holds (revoked, expired): ask for a new one.
      if (isSocial && e instanceof ApiError && e.status === 403) $social.set(null);
      setResults([e instanceof Error ? e.message : String(e)]);
    } finally {
      setBusy(false);
    }
  };

  const fields = view.schemaFields.filter((f) => !f.isHidden);
  const section = (name: string) => fields.filter((f) => f.templateSections.includes(name));
  const value = (key: string, type: string) => {
    const v = p[key];
    if (v === null || v === undefined || v === '') return '';
    if (type === 'DateTime') return longDate(String(v));
    // Figures in the page's language (85,11 in German), as the grids write them.
    return type === 'Number' && Number.isFinite(Number(v)) ? numberFormat(lang, FIGURE).format(Number(v)) : String(v);
  };
  const forms = view.permittedActionGroups.filter((g) => g.actionType !== ACTION_TYPE.Tag);
  const tagging = view.permittedActionGroups.some((g) => g.actionType === ACTION_TYPE.Tag);
  const group: ActionGroup | undefined = forms.find((g) => g.name.toLowerCase() === chosen.toLowerCase());
  const verbatim = typeof p.Verbatim === 'string' ? p.Verbatim : '';
  const caseTitle = t('queue.caseTitle', { id: pfo.sourceObjectId, store: String(p.Store ?? '') });
  const preview = (subject: string, comment: string) =>
    emailPreview(moduleId, pfo.processFlowObjectId, { subject, comment }, api).then((r) => (isBadRequest(r) ? { error: r.message ?? t('case.actionFailed') } : r));
  const answered = (p.RecoveryScore ?? null) !== null || !!p.RecoveryComment;
  return (
    <article className="record-detail" part="base" aria-label={caseTitle}>
      <header className="case-header">
        <p className="back"><PortalLink to={`/content/${encodeURIComponent(profileId)}/${encodeURIComponent(moduleId)}`}>{t('case.backToQueue')}</PortalLink></p>
        <h2 id="case-title"><Collapsible t={t} text={caseTitle} limit={COLLAPSE_AT.short} /></h2>
        <p className="meta">
          <span className={`state state-${p.State.toLowerCase()}`}>{t(`case.states.${p.State}`, { defaultValue: p.State })}</span>{' '}
          {shortDate(String(p.ResponseDate ?? ''))} · {p.AllocatedToUserName ? t('queue.assignedTo', { name: p.AllocatedToUserName }) : t('queue.unassigned')}
        </p>
        {(!!p.Queue || !!p.Priority || !!nextDeadline(p)) && (
          <dl className="case-facts">
            {!!p.Queue && <div><dt>{t('case.queue')}</dt><dd>{String(p.Queue)}</dd></div>}
            {!!p.Priority && <div><dt>{t('case.priority')}</dt><dd>{t(`case.priorities.${String(p.Priority)}`, { defaultValue: String(p.Priority) })}</dd></div>}
            {!!nextDeadline(p) && <div><dt>{t('clock.title')}</dt><dd><CaseClock t={t} record={p} now={now} withKind /></dd></div>}
          </dl>
        )}
      </header>
      <section aria-labelledby="case-comment">
        <h3 id="case-comment">{t('case.customerComment')}</h3>
        <blockquote className="verbatim">
          {verbatim ? (
            <CleanedText value={verbatim} moduleId={moduleId} field="Verbatim" recordId={pfo.sourceObjectId} root={PROCESS_FLOW_DATA}>
              <Collapsible t={t} text={verbatim} limit={COLLAPSE_AT.verbatim} render={(shown) => <HighlightedText text={shown} highlights={highlights[pfo.processFlowObjectId]} />} />
            </CleanedText>
          ) : (
            <span className="hint">{t('queue.noComment')}</span>
          )}
        </blockquote>
      </section>
      {(answered || !!p.RecoverySentAt) && (
        <section aria-labelledby="case-recovery">
          <h3 id="case-recovery">{t('recovery.title')}</h3>
          {answered ? (
            <dl className="fields">
              {(p.RecoveryScore ?? null) !== null && <div><dt>{t('recovery.score')}</dt><dd>{String(p.RecoveryScore)}</dd></div>}
              {!!p.RecoveryComment && <div><dt>{t('recovery.comment')}</dt><dd>{String(p.RecoveryComment)}</dd></div>}
            </dl>
          ) : (
            <p className="hint">{t('recovery.waiting', { when: longInstant(String(p.RecoverySentAt)) })}</p>
          )}
        </section>
      )}
      <div className="case-columns">
        {[['details', 'case.details'], ['drivers', 'case.drivers']].filter(([name]) => section(name).length > 0).map(([name, title]) => (
          <section key={name} aria-labelledby={`case-${name}`}>
            <h3 id={`case-${name}`}>{t(title)}</h3>
            <dl className="fields">
              {section(name).map((f) => (
                <div key={f.key}>
                  <dt>{f.name}</dt>
                  <dd><Collapsible t={t} text={value(f.key, f.typeName) || '-'} limit={COLLAPSE_AT.short} /></dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      {tagging && (
        <TagEditor t={t} tags={p.Tags} suggestions={suggestions} busy={busy}
          onAdd={(tag) => void act('Tag', '', { tags: [{ tagValue: tag }], operation: 0 })}
          onRemove={(tag) => void act('Tag', '', { tags: [{ tagValue: tag }], operation: 1 })} />
      )}
      <section className="actions" aria-labelledby="case-actions">
        <h3 id="case-actions">{t('case.actions')}</h3>
        <div className="action-groups" role="group" aria-label={t('case.actions')}>
          {forms.map((g) => (
            <button key={g.name} type="button" className={g === group ? '' : 'secondary'} aria-pressed={g === group} onClick={() => setChosen(g === group ? '' : g.name)}>
              {g.label ?? g.name}
            </button>
          ))}
        </div>
        {results.length > 0 && <p className="banner error" role="alert">{results.join(' ')}</p>}
        {done && <p className="banner success" role="status">{done}</p>}
        {group?.actionItems.some((i) => i.isSocial) && <SocialSignIn t={t} />}
        {group && (
          <ActionForm key={`${group.name}-${pfo.version}`} t={t} group={group} people={people} allocations={groupsOfPeople} busy={busy} quickTemplate={quickTemplate} closing={view.closing} preview={preview}
            onSubmit={(r: ActionRequest) => void act(r.actionName, r.comment, r.properties, r.isSocial)} />
        )}
      </section>
      <CaseHistory t={t} moduleId={moduleId} pfoId={pfo.processFlowObjectId} sourceObjectId={pfo.sourceObjectId} history={history} />
    </article>
  );
}
