import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { SurveyColumn, SurveyConfig } from '../api/inportalsurvey';
import { INVITE_PAGE, NOMINATION_PAGE, type Invitee } from '../lib/survey-steps';
import { PagedTable } from './paged-table';

/** The names of the list's columns, as the directory's schema calls them. */
export interface ListLabels {
  name: string;
  team: string;
}

const column = (key: string, name: string): SurveyColumn => ({ key, name, typeName: 'String', isHidden: false, smartDataTags: [] });
const LIST_COLUMNS = (labels: ListLabels) => [column('name', labels.name), column('group', labels.team)];

/** The list's rows as table rows (a local page of the list). */
const rowsOf = (list: Invitee[], page: number, size: number) => list.slice(page * size, (page + 1) * size).map((i) => ({ Id: i.personId, name: i.name, group: i.group, relationship: i.relationship }));

interface NominateProps {
  t: TFunction;
  config: SurveyConfig;
  list: Invitee[];
  labels: ListLabels;
  onChange: (list: Invitee[]) => void;
  onContinue: () => void;
}

/** Nominate: a relationship for each person on the list (100 a page), then on to confirmation. */
export function NominateStep({ t, config, list, labels, onChange, onContinue }: NominateProps) {
  const [page, setPage] = useState(0);
  const { Options } = config.InviteSurveyConfig.Nominate;
  const setRelationship = (personId: number, relationship: string) => onChange(list.map((i) => (i.personId === personId ? { ...i, relationship } : i)));
  return (
    <section aria-labelledby="nominate-title">
      <h3 id="nominate-title">{t('survey.nominate')}</h3>
      <PagedTable
        t={t}
        caption={t('survey.nominate')}
        columns={LIST_COLUMNS(labels)}
        rows={rowsOf(list, page, NOMINATION_PAGE)}
        count={list.length}
        page={page}
        pageSize={NOMINATION_PAGE}
        onPage={setPage}
        empty={t('survey.listEmpty')}
        actions={(row) => {
          const invitee = list.find((i) => i.personId === row.Id)!;
          return (
            <>
              <select aria-label={t('survey.relationshipFor', { name: invitee.name })} value={invitee.relationship} onChange={(e) => setRelationship(invitee.personId, e.target.value)}>
                <option value="">{t('survey.choose')}</option>
                {Options.map((o, i) => (
                  <option key={o} value={o}>{config.OptionLabels[i] ?? o}</option>
                ))}
              </select>
              <button type="button" className="link" aria-label={t('survey.removeFor', { name: invitee.name })} onClick={() => onChange(list.filter((i) => i.personId !== invitee.personId))}>
                {t('survey.remove')}
              </button>
            </>
          );
        }}
      />
      <div className="actions">
        <button type="button" onClick={onContinue} disabled={list.length === 0}>{t('survey.continue')}</button>
      </div>
    </section>
  );
}

interface ConfirmProps {
  t: TFunction;
  config: SurveyConfig;
  survey: string;
  list: Invitee[];
  labels: ListLabels;
  sending: boolean;
  onSend: () => void;
}

/** Send confirmation: who will be mailed (10 a page), and the send button. */
export function ConfirmStep({ t, config, survey, list, labels, sending, onSend }: ConfirmProps) {
  const [page, setPage] = useState(0);
  const label = (o: string) => config.OptionLabels[config.InviteSurveyConfig.Nominate.Options.indexOf(o)] ?? o;
  const columns = [...LIST_COLUMNS(labels), column('relationship', t('survey.relationship'))];
  const rows = rowsOf(list, page, INVITE_PAGE).map((r) => ({ ...r, relationship: label(r.relationship) }));
  return (
    <section aria-labelledby="confirm-title">
      <h3 id="confirm-title">{t('survey.confirmTitle')}</h3>
      <p>{t('survey.confirmIntro', { survey })}</p>
      <PagedTable t={t} caption={t('survey.confirmTitle')} columns={columns} rows={rows} count={list.length} page={page} pageSize={INVITE_PAGE} onPage={setPage} empty={t('survey.listEmpty')} />
      <div className="actions">
        <button type="button" onClick={onSend} disabled={sending || list.length === 0} aria-busy={sending}>
          {sending ? t('survey.sending') : t('survey.send')}
        </button>
      </div>
    </section>
  );
}
