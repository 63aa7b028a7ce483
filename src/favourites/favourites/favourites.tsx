import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { favouritesAvailable, listFavourites, openFavourite, removeFavourite, saveFavourite, validateFavourite, type Outcome } from '../../api/favourites';
import { COPIED_BADGE_MS, describeFilters, filterGroups, splitFavourites, type Favourite } from '../../lib/favourites';
import { filtersFor, type FilterState } from '../../stores/filters';
import { filterNamesFor } from '../../stores/filter-names';
import { monthOf } from '../../lib/date-ranges';
import { monthYear } from '../../lib/dates';
import type { TFunction } from 'i18next';
import { restoreView, savedViewOf } from '../../viewer/saved-view';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { ConfirmDelete } from '../../account/shared/confirm-delete';

export interface FavouritesProps {
  moduleId?: string;
  filterScope?: string;
  viewMode?: string;
  dateKey?: string;
}

/**
 * Favourites: the five most recent and the rest, add with the server's checks, select, share and
 * remove. Opening one from the address (`f`, `s`) is the data page's load (use-data-load.ts).
 */
export function Favourites({ moduleId = 'responses', filterScope = 'default', viewMode = 'RecordsViewer', dateKey = 'ResponseDate' }: FavouritesProps) {
  const { t, emit, go, api, lang, host } = useElement();
  const [list, setList] = useState<Favourite[] | null>(null);
  // Spec: an unavailable service counts -1; otherwise the count is the list's length.
  const [unavailable, setUnavailable] = useState(false);
  const [adding, setAdding] = useState(false);
  const [title, setTitle] = useState('');
  // The description starts as the filters in words and is the user's to change.
  const [description, setDescription] = useState<string | null>(null);
  const [problem, setProblem] = useState<Outcome | null>(null);
  const [status, setStatus] = useState('');
  const [copied, setCopied] = useState('');
  const [confirming, setConfirming] = useState('');
  const state = useStore(filtersFor(filterScope));
  const names = useStore(filterNamesFor(filterScope));

  const refresh = useCallback(async () => {
    try {
      const res = await listFavourites(api);
      const items = isBadRequest(res) ? [] : res;
      setList(items);
    } catch {
      // Spec: a failed list shows both lists empty with a count of 0.
      setList([]);
    }
  }, [api]);

  useEffect(() => {
    favouritesAvailable(api)
      // An embed token (a partner's page) keeps no favourites: the server says so.
      .then((answer) => ((answer as { available?: boolean } | undefined)?.available === false ? setUnavailable(true) : refresh()))
      .catch(() => setUnavailable(true));
  }, [api, refresh]);

  // The list is on screen: once per load (not again for the user's own adds and removes). Inside
  // the data viewer the viewer's mode speaks for the page.
  useDrawnAnswer(emit, host.localName === 'cx-favourites' && list ? api : null, () => ({ name: moduleId, count: list!.length }));

  if (unavailable) return <p className="hint" part="base">{t('favourites.unavailable')}</p>;

  const described = describeFilters(
    filterGroups(state.values, { date: { name: t('filters.date'), text: dateText(t, lang, state) }, search: { name: t('favourites.searchFilter'), text: state.search }, names }),
  );
  const input = () => ({ title: title.trim(), description: (description ?? described).trim(), payload: savedViewOf(filterScope, dateKey, viewMode) });

  const save = async () => {
    const res = await saveFavourite(moduleId, input(), api);
    if (isBadRequest(res)) return setProblem({ outcome: 'SameTitle', message: res.message ?? '', data: null });
    setAdding(false);
    setTitle('');
    setDescription(null);
    setProblem(null);
    setStatus(t('favourites.saved', { title: input().title }));
    await refresh();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setProblem({ outcome: 'SameTitle', message: t('favourites.titleRequired'), data: null });
    const res = await validateFavourite(moduleId, input(), api);
    if (isBadRequest(res)) return setProblem({ outcome: 'SameTitle', message: res.message ?? '', data: null });
    if (res.outcome === 'NoIssue') return save();
    setProblem(res);
  };
  const share = async (f: Favourite) => {
    const link = `${location.origin}${location.pathname}?s=${encodeURIComponent(f.favouritesId)}`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Without clipboard access the link is still shown in the badge's title.
    }
    setCopied(f.favouritesId);
    setTimeout(() => setCopied((c) => (c === f.favouritesId ? '' : c)), COPIED_BADGE_MS);
  };
  const remove = async (f: Favourite) => {
    setConfirming('');
    try {
      await removeFavourite(f.favouritesId, api);
    } finally {
      // Spec: the list is refreshed even when the delete fails.
      await refresh();
    }
  };
  const select = (f: Favourite) => {
    const saved = restoreView(filterScope, f.payload);
    emit('favourite-select', { favouritesId: f.favouritesId, title: f.title, payload: f.payload });
    // A favourite of another view mode opens in that mode (which reads it again, updating its access time).
    if (saved?.viewMode && saved.viewMode !== viewMode && saved.path) return go(`${saved.path}?type=${encodeURIComponent(saved.viewMode)}&f=${encodeURIComponent(f.favouritesId)}`);
    void openFavourite(f.favouritesId, true, api).then(() => refresh());
  };

  const { recent, rest } = splitFavourites(list ?? []);
  const item = (f: Favourite) => (
    <li key={f.favouritesId}>
      <button type="button" className="link title" onClick={() => select(f)}>
        {f.title}
      </button>
      <span className="description">{f.description}</span>
      <span className="item-actions">
        <button type="button" className="secondary" onClick={() => share(f)} aria-label={t('favourites.shareNamed', { title: f.title })}>
          {t('favourites.share')}
        </button>
        {copied === f.favouritesId && (
          <span className="badge" role="status">
            {t('favourites.copied')}
          </span>
        )}
        <ConfirmDelete
          t={t}
          label={t('favourites.remove')}
          question={t('favourites.removeQuestion', { title: f.title })}
          confirming={confirming === f.favouritesId}
          onAsk={() => setConfirming(f.favouritesId)}
          onConfirm={() => remove(f)}
          onCancel={() => setConfirming('')}
        />
      </span>
    </li>
  );
  return (
    <section className="favourites" part="base" aria-labelledby="favourites-title">
      <header>
        <h2 id="favourites-title">{list === null ? t('favourites.titleLoading') : t('favourites.title', { count: list.length })}</h2>
        {!adding && (
          <button type="button" onClick={() => setAdding(true)}>
            {t('favourites.add')}
          </button>
        )}
      </header>
      {status && <p role="status">{status}</p>}
      {adding && (
        <form onSubmit={submit} noValidate>
          <label>
            {t('favourites.name')}
            <input value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={problem?.outcome === 'SameTitle'} aria-describedby="favourite-problem" />
          </label>
          <label>
            {t('favourites.description')}
            <textarea value={description ?? described} maxLength={2000} rows={2} onChange={(e) => setDescription(e.target.value)} />
          </label>
          {problem && (
            <p id="favourite-problem" role="alert" className={problem.outcome === 'SamePayload' ? 'hint' : 'field-error'}>
              {problem.message}
            </p>
          )}
          {problem?.outcome === 'SamePayload' ? (
            <div className="buttons">
              <button type="button" onClick={save}>{t('favourites.addAnyway')}</button>
              <button type="button" className="secondary" onClick={() => setProblem(null)}>{t('favourites.cancel')}</button>
            </div>
          ) : (
            <div className="buttons">
              <button type="submit">{t('favourites.save')}</button>
              <button type="button" className="secondary" onClick={() => { setAdding(false); setProblem(null); }}>{t('favourites.cancel')}</button>
            </div>
          )}
        </form>
      )}
      {list === null ? (
        <p className="hint" role="status">{t('favourites.loading')}</p>
      ) : list.length === 0 ? (
        <p className="hint">{t('favourites.empty')}</p>
      ) : (
        <>
          <h3>{t('favourites.recent')}</h3>
          <ul>{recent.map(item)}</ul>
          {rest.length > 0 && (
            <>
              <h3>{t('favourites.all')}</h3>
              <ul>{rest.map(item)}</ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The date filter's choice as the filter bar shows it; null when no date filter applies. */
function dateText(t: TFunction, lang: string, state: FilterState): string | null {
  if (state.dateChoice === 'ClearDate') return null;
  if (state.dateChoice === 'CustomRange') return `${state.customFrom} – ${state.customTo}`;
  const month = monthOf(state.dateChoice);
  return month ? monthYear(month, lang) : t(`filters.dates.${state.dateChoice}`);
}
