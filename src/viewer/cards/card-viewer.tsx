import { useEffect, useMemo, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { analyticsData, viewerCards } from '../../api/viewer';
import { useSmartFilters } from '../shared/use-smart-filters';
import { loadGuard } from '../../dashboard/load-guard';
import { useViewerSetup, type ViewerSetup } from '../shared/use-viewer-setup';
import { applyFacets, bucketsOf, clampWindow, facetCounts, initialLimit, raisedLimit, sortCards, VISIBLE_BUCKETS, type Card } from './card-rules';
import { BucketSlider } from './bucket-slider';
import { Loading, LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { CardView } from './card';

export interface CardViewerProps {
  moduleId?: string;
  profile?: string;
  filterScope?: string;
  /** Handed over by the data viewer, which has loaded them already. */
  setup?: ViewerSetup;
}

type Load = { state: 'counting' } | { state: 'tooMany'; count: number } | { state: 'loading'; count: number } | { state: 'ready'; cards: Card[] } | { state: 'error'; message: string };

/**
 * The card viewer: the record count first (an analytics call for InternalRecordCount); above the
 * card limit a too-many-cards state offers to raise it to the maximum; otherwise a card per record
 * from the profile's templates, facets to narrow them, and a sort/zoom slider over buckets of cards.
 */
export function CardViewer({ moduleId = 'responses', profile: profileName = 'default', filterScope = 'default', setup: given }: CardViewerProps) {
  const { t, api, emit } = useElement();
  const { setup, error: setupError } = useViewerSetup(moduleId, profileName, given);
  const model = setup?.profile.cardViewerViewModel;
  const [limit, setLimit] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; load: Load }>({ key: '', load: { state: 'counting' } });
  const [guard] = useState(loadGuard);
  const [templateName, setTemplateName] = useState('');
  const [sortField, setSortField] = useState('');
  const [desc, setDesc] = useState(true);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [win, setWin] = useState({ start: 0, visible: VISIBLE_BUCKETS });

  const profile = setup?.profile.name;
  const smartFilters = useSmartFilters(filterScope, setup?.dateKey);
  const current = limit ?? (model ? initialLimit(model.cardLimit) : 0);

  // The answer belongs to one load; until the latest one answers, the view is counting.
  const key = JSON.stringify([profile, smartFilters, current]);
  const load: Load = loaded.key === key ? loaded.load : { state: 'counting' };
  useEffect(() => {
    if (!profile || !smartFilters || !current) return;
    const stamp = guard.next();
    const live = () => guard.isLatest(stamp);
    const setLoad = (next: Load) => setLoaded({ key, load: next });
    const fail = (e: unknown) => live() && setLoad({ state: 'error', message: e instanceof Error ? e.message : String(e) });
    analyticsData(moduleId, profile, { smartFilters, measureKeys: ['InternalRecordCount'], rowDimensions: [], columnDimensions: [] }, api)
      .then(async (res) => {
        if (!live()) return;
        if (isBadRequest(res)) return fail(new Error(res.message));
        const count = res.recordCount;
        if (count > current) return setLoad({ state: 'tooMany', count });
        setLoad({ state: 'loading', count });
        const page = await viewerCards(moduleId, profile, { smartFilters, limit: current, orderByFields: [], orderByOperator: 'ASC' }, api);
        if (!live()) return;
        if (isBadRequest(page)) return fail(new Error(page.message));
        setChosen({});
        setWin({ start: 0, visible: VISIBLE_BUCKETS });
        setLoad({ state: 'ready', cards: page.data });
      })
      .catch(fail);
  }, [api, guard, key, moduleId, profile, smartFilters, current]);

  const field = sortField || model?.sortFields[0] || '';
  const cards = load.state === 'ready' ? load.cards : null;
  const facets = useMemo(() => (cards && model ? facetCounts(cards, model.facets) : {}), [cards, model]);
  const sorted = useMemo(() => (cards ? sortCards(applyFacets(cards, chosen), field, desc) : []), [cards, chosen, field, desc]);
  const buckets = useMemo(() => bucketsOf(sorted, field), [sorted, field]);

  // The cards are on screen, or the too-many state that stands for them (no cards): once per load.
  const final = load.state === 'ready' || load.state === 'tooMany' ? load : null;
  useDrawnAnswer(emit, model ? final : null, () => ({ name: moduleId, count: final?.state === 'ready' ? final.cards.length : 0 }));

  if (setupError) return <LoadFailed>{t('cards.loadFailed')} {setupError}</LoadFailed>;
  if (!setup || !model) return <Loading>{t('cards.loading')}</Loading>;
  const columns = new Map(setup.schema.map((c) => [c.key, c]));
  const name = (key: string) => columns.get(key)?.name ?? key;
  const template = model.templates.find((tp) => tp.name === templateName) ?? model.templates[0];

  if (load.state === 'error') return <LoadFailed>{t('cards.loadFailed')} {load.message}</LoadFailed>;
  if (load.state === 'counting') return <Loading>{t('cards.counting')}</Loading>;
  if (load.state === 'tooMany') {
    const max = raisedLimit(model.cardLimit);
    return (
      <div className="too-many" role="status" part="base">
        <h2>{t('cards.tooManyTitle')}</h2>
        <p>{t('cards.tooMany', { count: load.count, limit: current })}</p>
        {max > current ? (
          <button type="button" onClick={() => setLimit(max)}>{t('cards.raise', { max })}</button>
        ) : (
          <p className="hint">{t('cards.narrow')}</p>
        )}
      </div>
    );
  }
  if (load.state === 'loading') return <Loading>{t('cards.loadingCards', { count: load.count })}</Loading>;
  const w = clampWindow(win.start, win.visible, buckets.length);
  const shown = buckets.length ? sorted.slice(buckets[w.start].from, buckets[w.start + w.visible - 1].to) : [];
  const toggle = (f: string, v: string) => {
    setChosen((c) => ({ ...c, [f]: c[f]?.includes(v) ? c[f].filter((x) => x !== v) : [...(c[f] ?? []), v] }));
    setWin((x) => ({ ...x, start: 0 }));
  };

  return (
    <div className="cards-view" part="base">
      <div className="card-controls">
        <p className="hint" role="status">{t('cards.count', { count: sorted.length, total: load.cards.length })}</p>
        {model.templates.length > 1 && (
          <label>
            {t('cards.template')}
            <select value={template.name} onChange={(e) => setTemplateName(e.target.value)}>
              {model.templates.map((tp) => <option key={tp.name} value={tp.name}>{tp.name}</option>)}
            </select>
          </label>
        )}
        <label>
          {t('cards.sortBy')}
          <select value={field} onChange={(e) => { setSortField(e.target.value); setWin((x) => ({ ...x, start: 0 })); }}>
            {model.sortFields.map((f) => <option key={f} value={f}>{name(f)}</option>)}
          </select>
        </label>
        <button type="button" className="secondary" aria-pressed={desc} onClick={() => setDesc((d) => !d)}>{desc ? t('cards.highestFirst') : t('cards.lowestFirst')}</button>
      </div>
      <div className="facets">
        {model.facets.map((f) => (
          <div key={f} role="group" aria-label={name(f)} className="facet">
            <span className="facet-name">{name(f)}</span>
            {(facets[f] ?? []).map(({ value, count }) => (
              <button key={value} type="button" className="chip" aria-pressed={chosen[f]?.includes(value) ?? false} onClick={() => toggle(f, value)}>
                {value} <span className="count">{count}</span>
              </button>
            ))}
          </div>
        ))}
      </div>
      {sorted.length === 0 ? (
        <p className="no-records" role="status">{t('cards.none')}</p>
      ) : (
        <>
          <BucketSlider buckets={buckets} start={w.start} visible={w.visible} onChange={setWin} />
          <div className="card-grid">
            {shown.map((card) => (
              <CardView key={String(card[model.cardIdField])} card={card} template={template} columns={columns} moduleId={moduleId} idField={model.cardIdField} detailsLink={setup.profile.detailsLink} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
