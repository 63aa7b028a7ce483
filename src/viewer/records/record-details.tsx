import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { viewerRecords } from '../../api/viewer';
import { PortalLink } from '../../elements/portal-link';
import type { ViewerSetup } from '../shared/use-viewer-setup';
import { cellText, isHiddenValue } from './cell';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { HiddenValue } from '../../elements/hidden-value';
import { HighlightedText } from '../../elements/highlighted-text/highlighted-text';
import { useHighlights } from '../../elements/highlighted-text/use-highlights';

export interface RecordDetailsProps {
  moduleId: string;
  setup: ViewerSetup;
  recordId: string;
  /** The records of the same profile: where 'All records' goes. */
  listLink: string;
}

type Answer = { row: Record<string, unknown> | null; error: string };

/**
 * One record's details (the details link of a row): its comments first, then every field by its
 * name, and the way back to all records. Claims apply: a record outside them is not found.
 */
export function RecordDetails({ moduleId, setup, recordId, listLink }: RecordDetailsProps) {
  const { t, api, emit } = useElement();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { profile, schema } = setup;
  // The verbatim shows the words that made its sentiment and topics.
  const verbatimKey = schema.find((c) => c.isVerbatim && !c.isHidden)?.key;
  const highlights = useHighlights(verbatimKey ? moduleId : undefined, answer?.row ? [recordId] : []);

  useEffect(() => {
    let live = true;
    const byId = [{ filterKey: profile.recordIdField, filterValue: recordId }];
    viewerRecords(moduleId, profile.name, { skip: 0, top: 1, orderByFields: [profile.recordIdField], orderByOperator: 'ASC', smartFilters: byId }, api)
      .then((res) => live && setAnswer(isBadRequest(res) ? { row: null, error: res.message ?? '' } : { row: res.data[0] ?? null, error: '' }))
      .catch((e: unknown) => live && setAnswer({ row: null, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [api, moduleId, profile, recordId]);

  const back = (
    <p className="details-links">
      <PortalLink to={listLink}>{t('details.allRecords')}</PortalLink>
    </p>
  );
  // The record (or that it is not found) is on screen: the data viewer's cx-drawn for this view.
  useDrawnAnswer(emit, answer?.error ? null : answer, () => ({ name: moduleId, count: answer?.row ? 1 : 0 }));

  if (!answer) return <p role="status">{t('details.loading')}</p>;
  if (answer.error) return <><p className="cx-error" role="alert">{t('viewer.loadFailed')} {answer.error}</p>{back}</>;
  const row = answer.row;
  if (!row) return <><p className="cx-error" role="alert">{t('details.notFound', { id: recordId })}</p>{back}</>;

  const fields = schema.filter((c) => !c.isHidden);
  const value = (key: string, type: (typeof fields)[number]['typeName']) =>
    isHiddenValue(row[key]) ? <HiddenValue moduleId={moduleId} field={key} recordId={row[profile.recordIdField]} />
    : key === verbatimKey && row[key] ? <HighlightedText text={cellText(row[key], type)} highlights={highlights[recordId]} />
    : cellText(row[key], type) || <span className="hint">{t('details.blank')}</span>;
  // Long texts the customer wrote (the cleaned fields) lead, as quotations.
  const texts = fields.filter((c) => c.isCleaned && row[c.key]);
  return (
    <article className="record-details" aria-labelledby="record-title">
      <h2 id="record-title">{t('details.title', { id: recordId })}</h2>
      {texts.map((c) => (
        <figure key={c.key} className="verbatim">
          <blockquote>{value(c.key, c.typeName)}</blockquote>
          <figcaption>{c.name}</figcaption>
        </figure>
      ))}
      <dl className="fields">
        {fields.map((c) => (
          <div key={c.key}>
            <dt>{c.name}</dt>
            <dd>{value(c.key, c.typeName)}</dd>
          </div>
        ))}
      </dl>
      {back}
    </article>
  );
}
