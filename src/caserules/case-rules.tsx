import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { listSources, type DataSource } from '../api/datasources';
import { caseSettings } from '../api/caserules';
import { problemOf } from '../datasources/problem';
import { RulesTab } from './rules-tab';
import { SettingsTab } from './settings-tab';

const TABS = ['rules', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Case rules for administrators (`cx-case-rules`, /admin/caserules): a data source, then its rules
 * (which new rows open a case, in which queue, for whom) or the queues and how cases close.
 */
export function CaseRules({ sourceId: asked }: { sourceId?: string }) {
  const { t, api } = useElement();
  const [sources, setSources] = useState<DataSource[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sourceId, setSourceId] = useState('');
  const [tab, setTab] = useState<Tab>('rules');
  const tabs = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The settings only pick the first source shown: without them, the first source is.
    Promise.all([listSources(api), caseSettings(api).catch(() => undefined)])
      .then(([res, settings]) => {
        if (isBadRequest(res)) throw res;
        setSources(res);
        // The source the attribute names, else the one shown, else the first whose rows can become cases.
        const opens = !settings || isBadRequest(settings) ? [] : (settings.openers ?? []);
        const first = res.find((s) => opens.includes(s.id)) ?? res[0];
        setSourceId((current) => (res.some((s) => s.id === asked) ? asked! : current || first?.id || ''));
      })
      .catch((f: unknown) => setFailure(f ?? new Error('')));
  }, [api, asked]);

  // Arrow keys, Home and End move between the tabs (the ARIA tabs pattern, selection follows focus).
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = TABS[(next + TABS.length) % TABS.length];
    setTab(to);
    tabs.current?.querySelector<HTMLButtonElement>(`#tab-${to}`)?.focus();
  };

  const source = sources?.find((s) => s.id === sourceId);
  return (
    <section part="base" className="panel case-rules" aria-labelledby="case-rules-title">
      <h1 id="case-rules-title">{t('caseRules.title')}</h1>
      <p className="hint">{t('caseRules.intro')}</p>
      {!!failure && (
        <p className="banner error" role="alert">
          {problemOf(failure, t('caseRules.sourcesFailed'))}
        </p>
      )}
      {!sources && !failure && <p role="status">{t('caseRules.loading')}</p>}
      {sources?.length === 0 && <p className="empty">{t('caseRules.noSources')}</p>}
      {source && (
        <>
          <label className="source">
            {t('caseRules.source')}
            <select value={sourceId} onChange={(e) => setSourceId(e.target.value)}>
              {sources!.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <div className="tab-list" role="tablist" aria-label={t('caseRules.tabs')} ref={tabs} onKeyDown={onKey}>
            {TABS.map((k) => (
              <button
                key={k}
                id={`tab-${k}`}
                type="button"
                role="tab"
                aria-selected={tab === k}
                aria-controls={tab === k ? `panel-${k}` : undefined}
                tabIndex={tab === k ? 0 : -1}
                onClick={() => setTab(k)}
              >
                {t(`caseRules.tab.${k}`)}
              </button>
            ))}
          </div>
          {/* Only the shown tab is drawn: each of its controls then has a name of its own on the page. */}
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
            {tab === 'rules' ? <RulesTab key={sourceId} sourceId={sourceId} /> : <SettingsTab sourceId={sourceId} sourceName={source.name} />}
          </div>
        </>
      )}
    </section>
  );
}
