import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { listSurveys, type SurveySummary } from '../api/surveys';
import { localText } from '../lib/survey-model';
import { PortalLink } from '../elements/portal-link';
import { longInstant } from '../lib/dates';
import { numberFormat } from '../lib/intl';
import { TableRegion } from '../elements/table-region';

/**
 * The survey editor's home (`cx-survey-list`): every survey with its status, responses and last
 * change, newest change first, searchable by title; a new survey starts at /editor/build/.
 */
export function SurveyList() {
  const { t, api, lang } = useElement();
  const [surveys, setSurveys] = useState<SurveySummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const locale = lang.startsWith('de') ? 'de' : 'en';

  useEffect(() => {
    let live = true;
    listSurveys(api)
      .then((s) => live && (isBadRequest(s) ? setFailed(true) : setSurveys(s)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  const needle = search.trim().toLowerCase();
  const shown = (surveys ?? []).filter((s) => !needle || localText(s.title, locale).toLowerCase().includes(needle));

  return (
    <section className="survey-list" part="base" aria-labelledby="survey-list-title">
      <div className="list-head">
        <h1 id="survey-list-title">{t('surveyList.title')}</h1>
        <PortalLink className="button" to="/editor/build/">
          {t('surveyList.new')}
        </PortalLink>
      </div>
      <label className="search">
        {t('surveyList.search')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {failed ? (
        <p className="banner error" role="alert">{t('surveyList.loadFailed')}</p>
      ) : !surveys ? (
        <p role="status">{t('surveyList.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="empty">{surveys.length === 0 ? t('surveyList.empty') : t('surveyList.noMatch')}</p>
      ) : (
        <TableRegion label={t('surveyList.caption', { count: shown.length })}>
          <table>
            <caption className="cx-visually-hidden">{t('surveyList.caption', { count: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('surveyList.name')}</th>
                <th scope="col">{t('surveyList.status')}</th>
                <th scope="col" className="number">{t('surveyList.responses')}</th>
                <th scope="col">{t('surveyList.lastChange')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.shortcode}>
                  <th scope="row">
                    <PortalLink to={`/editor/update/${encodeURIComponent(s.shortcode)}`}>{localText(s.title, locale) || t('surveyEditor.untitled')}</PortalLink>
                  </th>
                  <td>
                    <span className={`status ${s.status}`}>{t(`surveyEditor.status.${s.status}`)}</span>
                    {s.unpublishedChanges && <span className="status changes">{t('surveyEditor.unpublishedChanges')}</span>}
                  </td>
                  <td className="number">{numberFormat(lang).format(s.responses)}</td>
                  <td>
                    <time dateTime={`${s.updatedAt}Z`}>{longInstant(s.updatedAt)}</time>
                    {s.updatedBy && <span className="by"> · {s.updatedBy}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
