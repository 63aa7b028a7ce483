import type { TFunction } from 'i18next';
import { PortalLink } from '../../elements/portal-link';
import { shortDate } from '../../lib/dates';
import type { CaseRecord } from '../../api/processflow';
import { PROCESS_FLOW_DATA } from '../../api/smartdata';
import { CleanedText } from '../../elements/hidden-value';
import { CaseClock } from '../shared/clock';
import type { ReactNode } from 'react';

/** Longer comments are cut here on a card (spec part 3: about 76 characters for verbatims). */
export const VERBATIM_CUT = 76;

/** One case in a summary queue: its checkbox, store, when, state, its clock, who has it, the comment and the tags. */
export function CaseCard({ t, moduleId, record, href, now, select }: { t: TFunction; moduleId: string; record: CaseRecord; href: string; now: number; select?: ReactNode }) {
  const text = typeof record.Verbatim === 'string' ? record.Verbatim : '';
  const short = text.length > VERBATIM_CUT ? `${text.slice(0, VERBATIM_CUT).trimEnd()}…` : text;
  return (
    <article className="case-card" data-case={record.SourceObjectId} aria-labelledby={`case-${record.SourceObjectId}`}>
      <header>
        {select}
        <h2 id={`case-${record.SourceObjectId}`}>
          <PortalLink to={href}>{t('queue.caseTitle', { id: record.SourceObjectId, store: String(record.Store ?? '') })}</PortalLink>
        </h2>
        <span className={`state state-${record.State.toLowerCase()}`}>{t(`case.states.${record.State}`, { defaultValue: record.State })}</span>
      </header>
      <p className="meta">
        {[
          shortDate(String(record.ResponseDate ?? '')),
          // A survey case's NPS group; a review's case has none.
          record.NPSGroup ? t(`values.${String(record.NPSGroup)}`, { defaultValue: String(record.NPSGroup) }) : '',
          record.AllocatedToUserName ? t('queue.assignedTo', { name: record.AllocatedToUserName }) : t('queue.unassigned'),
        ].filter(Boolean).join(' · ')}
        {' '}<CaseClock t={t} record={record} now={now} />
      </p>
      <p className="verbatim">
        {short ? (
          <CleanedText value={text} moduleId={moduleId} field="Verbatim" recordId={record.SourceObjectId} root={PROCESS_FLOW_DATA}>{`“${short}”`}</CleanedText>
        ) : (
          <span className="hint">{t('queue.noComment')}</span>
        )}
      </p>
      {record.Tags.length > 0 && (
        <ul className="tags" aria-label={t('case.tags')}>
          {record.Tags.map((tag) => <li key={tag}>{tag}</li>)}
        </ul>
      )}
    </article>
  );
}
