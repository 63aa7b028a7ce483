import { useCallback, useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest, request } from '../api/client';
import { giveNowLink, historySchema, queueInvites, surveyPageConfig, surveySchema, type SurveyColumn, type SurveyConfig, type SurveyRow } from '../api/inportalsurvey';
import { isMobilePage } from '../lib/mobile';
import { nominationProblem } from '../lib/nominations';
import { addInvitee, historyKind, pageSizeOf, popStep, pushStep, surveyLinkFor, type Invitee, type SurveyStep } from '../lib/survey-steps';
import { DirectoryStep } from './directory-step';
import { ConfirmStep, NominateStep } from './invite-list-steps';
import { SurveyToasts, useSurveyToasts } from './survey-toasts';

interface Loaded {
  config: SurveyConfig;
  people: SurveyColumn[];
  history: SurveyColumn[];
}

/** The columns a table shows: those tagged for it (the mobile tag on a phone). */
const shown = (columns: SurveyColumn[], config: SurveyConfig, mobile: boolean) =>
  columns.filter((c) => !c.isHidden && c.smartDataTags.some((tag) => (mobile ? tag === config.PageConfig.MobileSmartDataTag : config.PageConfig.SmartDataTags.includes(tag))));

/**
 * The in-portal survey page (spec part 2): the directory with Give Now and Add to the list, the
 * history of invitations, nomination with relationships and the send confirmation, walked with a
 * back stack. Validation and results are info toasts.
 */
export function InPortalSurvey({ moduleId = 'team-feedback' }: { moduleId?: string }) {
  const { t, api, lang } = useElement();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [stack, setStack] = useState<SurveyStep[]>(['landing']);
  const [list, setList] = useState<Invitee[]>([]);
  const [pageSize, setPageSize] = useState(50);
  const [sending, setSending] = useState(false);
  const toasts = useSurveyToasts();
  const mobile = isMobilePage();

  useEffect(() => {
    let live = true;
    Promise.all([surveyPageConfig(moduleId, api), surveySchema(moduleId, api), historySchema(moduleId, api)])
      .then(([config, people, history]) => {
        if (!live) return;
        if (isBadRequest(config) || isBadRequest(people) || isBadRequest(history)) return setFailed(true);
        setLoaded({ config, people, history });
        setPageSize(pageSizeOf(config.PageConfig.PageSize));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [moduleId, api, lang, attempt]);

  const step = stack[stack.length - 1];
  const go = useCallback((next: SurveyStep) => setStack((s) => pushStep(s, next)), []);
  const back = () => {
    const { stack: next, clearList } = popStep(stack);
    if (clearList) setList([]);
    setStack(next);
  };

  if (failed) {
    return (
      <div className="cx-error" part="base error" role="alert">
        {t('survey.loadFailed')}{' '}
        <button type="button" className="link" onClick={() => { setFailed(false); setAttempt((n) => n + 1); }}>{t('survey.retry')}</button>
      </div>
    );
  }
  if (!loaded) return <p className="hint" part="base" role="status">{t('survey.loading')}</p>;

  const { config } = loaded;
  const definition = config.SurveyDefinitions[0];
  const keyField = config.InviteSurveyConfig.InviteKey;
  const nameOf = (key: string) => loaded.people.find((c) => c.key === key)?.name ?? key;
  const labels = { name: nameOf('Name'), team: nameOf('Inv_Group') };
  const onList = (row: SurveyRow) => list.some((i) => i.key.toLowerCase() === String(row[keyField]).toLowerCase());
  const optionLabel = (o: string) => config.OptionLabels[config.InviteSurveyConfig.Nominate.Options.indexOf(o)] ?? o;

  const giveNow = async (row: SurveyRow) => {
    // Opened at once (a window opened after the answer would be blocked), then sent to the link.
    const win = window.open('', '_blank');
    try {
      const answer = await giveNowLink(moduleId, definition.SurveyDefinitionId, row[config.PageConfig.Link.LinkField] ?? '', api);
      if (isBadRequest(answer)) throw new Error(answer.message);
      const link = surveyLinkFor(answer.link, mobile, config.PageConfig.OverrideDomainOnMobile);
      if (win) {
        win.opener = null;
        win.location.href = link;
      } else location.assign(link);
    } catch {
      win?.close();
      toasts.show(t('survey.linkFailed'), 'error');
    }
  };

  const toConfirmation = () => {
    const problem = nominationProblem(list.map((i) => i.relationship), config.InviteSurveyConfig.Nominate);
    if (!problem) return go('sendconfirmation');
    toasts.show(problem.kind === 'atLeast' ? t('survey.atLeast', { count: problem.n, option: optionLabel(problem.option) }) : t(`survey.${problem.kind}`), 'info');
  };

  const send = async () => {
    setSending(true);
    try {
      const answer = await queueInvites(moduleId, definition.SurveyDefinitionId, list.map((i) => ({ personId: i.personId, relationship: i.relationship })), api);
      if (isBadRequest(answer) || !answer) throw new Error('refused');
      toasts.show(t('survey.sent', { count: answer.queued.length }), 'success');
      if (answer.alreadyInvited.length) toasts.show(t('survey.alreadyInvited', { names: answer.alreadyInvited.join(', ') }), 'info');
      setList([]);
      setStack(['landing', 'history']);
    } catch {
      const support = await request<{ email: string }>('GET', '/api/settings/support', { anonymous: true, target: api }).catch(() => undefined);
      toasts.show(t('survey.queueFailed', { email: support && !isBadRequest(support) ? support.email : '' }), 'error');
    } finally {
      setSending(false);
    }
  };

  const historyRow = (row: SurveyRow): SurveyRow => ({
    ...row,
    SurveyDefinitionId: config.SurveyDefinitions.find((d) => d.SurveyDefinitionId === row.SurveyDefinitionId)?.Title ?? row.SurveyDefinitionId,
    Kind: t(`survey.kinds.${historyKind(row)}`, { defaultValue: String(row.Kind) }),
    Inv_Relationship: row.Inv_Relationship ? optionLabel(String(row.Inv_Relationship)) : '',
  });

  const peopleActions = (row: SurveyRow) => {
    const name = String(row.Name ?? '');
    const added = onList(row);
    return (
      <>
        <button type="button" className="link" aria-label={t('survey.giveNowFor', { name })} onClick={() => void giveNow(row)}>{t('survey.giveNow')}</button>
        <button
          type="button"
          className="link"
          disabled={added}
          aria-label={added ? undefined : t('survey.addFor', { name })}
          onClick={() => setList((l) => addInvitee(l, { personId: Number(row.Id), key: String(row[keyField]), name, group: String(row.Inv_Group ?? ''), relationship: '' }))}
        >
          {added ? t('survey.added') : t('survey.addToList')}
        </button>
      </>
    );
  };

  return (
    <article className="survey-page" part="base" aria-labelledby="survey-title">
      <header>
        <h2 id="survey-title">{config.PageConfig.PageSubject}</h2>
        <p>{config.PageConfig.PageDescription}</p>
        <p className="hint">{t('survey.survey')}: {definition.Title}</p>
      </header>
      <div className="actions step-bar">
        {stack.length > 1 && <button type="button" className="secondary" onClick={back}>{t('survey.back')}</button>}
        {step === 'landing' && <button type="button" className="secondary" onClick={() => go('history')}>{t('survey.history')}</button>}
        {(step === 'landing' || (step === 'history' && config.InviteSurveyConfig.History.ShowInviteButton)) && (
          <button type="button" onClick={() => (list.length ? go('nominate') : step === 'history' ? go('landing') : toasts.show(t('survey.listEmpty'), 'info'))}>
            {config.PageConfig.ButtonText}
          </button>
        )}
        <span className="list-count" role="status">{t('survey.onList', { count: list.length })}</span>
      </div>
      {step === 'landing' && (
        <DirectoryStep t={t} api={api} moduleId={moduleId} source="people" columns={shown(loaded.people, config, mobile)} pageSize={pageSize} onPageSize={setPageSize} actions={peopleActions} />
      )}
      {step === 'history' && (
        <DirectoryStep t={t} api={api} moduleId={moduleId} source="history" columns={shown(loaded.history, config, mobile)} pageSize={pageSize} onPageSize={setPageSize} mapRow={historyRow} />
      )}
      {step === 'nominate' && <NominateStep t={t} config={config} list={list} labels={labels} onChange={setList} onContinue={toConfirmation} />}
      {step === 'sendconfirmation' && <ConfirmStep t={t} config={config} survey={definition.Title} list={list} labels={labels} sending={sending} onSend={() => void send()} />}
      <SurveyToasts t={t} toasts={toasts} />
    </article>
  );
}
