import { useEffect, useState } from 'react';
import { isBadRequest, type BadRequest } from '../api/client';
import type { PageQuery, SurveyPage } from '../api/inportalsurvey';

/** A page of a server table, reloaded when the page, size or search changes; a newer answer wins. */
export function useRemotePage(load: (q: PageQuery) => Promise<SurveyPage | BadRequest>, pageSize: number, search: string, page: number) {
  const key = `${pageSize}|${page}|${search}`;
  // The answer and the query it answers: until the current query's answer is in, the table is busy.
  const [answer, setAnswer] = useState<{ key: string; load: typeof load; data: SurveyPage | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    // The search waits for a pause in typing (spec: 500 ms debounce of filter searches).
    const timer = setTimeout(
      () =>
        load({ skip: page * pageSize, top: pageSize, search: search.trim() || undefined })
          .then((res) => live && setAnswer(isBadRequest(res) ? { key, load, data: null, failed: true } : { key, load, data: res, failed: false }))
          .catch(() => live && setAnswer({ key, load, data: null, failed: true })),
      search ? 500 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [load, pageSize, search, page, key]);
  const current = answer?.key === key && answer.load === load;
  return { data: answer?.data ?? null, busy: !current, failed: current && answer.failed };
}
