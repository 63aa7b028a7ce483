import { useCallback, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ApiTarget } from '../api/client';
import { surveyHistory, surveyPeople, type SurveyColumn, type SurveyRow } from '../api/inportalsurvey';
import { PagedTable } from './paged-table';
import { useRemotePage } from './use-remote-page';

interface DirectoryProps {
  t: TFunction;
  api: ApiTarget;
  moduleId: string;
  columns: SurveyColumn[];
  pageSize: number;
  onPageSize: (size: number) => void;
  /** 'people': the directory with its row links; 'history': the user's invitations. */
  source: 'people' | 'history';
  actions?: (row: SurveyRow) => React.ReactNode;
  /** Codes in a row shown as words (the history's survey and kind). */
  mapRow?: (row: SurveyRow) => SurveyRow;
}

/** A searchable, paged server table: the directory of people, or the history of invitations. */
export function DirectoryStep({ t, api, moduleId, columns, pageSize, onPageSize, source, actions, mapRow = (r) => r }: DirectoryProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const load = useCallback((q: Parameters<typeof surveyPeople>[1]) => (source === 'people' ? surveyPeople(moduleId, q, api) : surveyHistory(moduleId, q, api)), [source, moduleId, api]);
  const { data, busy, failed } = useRemotePage(load, pageSize, search, page);
  const searchId = useId();
  const label = source === 'people' ? t('survey.search') : t('survey.searchHistory');
  return (
    <section className="directory" aria-label={source === 'people' ? t('survey.people') : t('survey.history')}>
      <label htmlFor={searchId} className="search">
        {label}
        <input id={searchId} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
      </label>
      {failed ? (
        <p className="field-error" role="alert">{t('survey.loadFailed')}</p>
      ) : (
        <PagedTable
          t={t}
          caption={source === 'people' ? t('survey.people') : t('survey.history')}
          columns={columns}
          rows={(data?.data ?? []).map(mapRow)}
          count={data?.recordCount ?? 0}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(s) => { onPageSize(s); setPage(0); }}
          actions={actions}
          busy={busy}
          empty={source === 'people' ? t('survey.noPeople') : t('survey.noHistory')}
        />
      )}
    </section>
  );
}
