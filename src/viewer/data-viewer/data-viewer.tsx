import { useEffect, useMemo } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { SmartFilterBar } from '../../filters/smart-filter-bar/smart-filter-bar';
import { Favourites } from '../../favourites/favourites/favourites';
import { isMobilePage } from '../../lib/mobile';
import { navigate } from '../../stores/navigation';
import { RecordsViewer } from '../records/records-viewer';
import { RecordDetails } from '../records/record-details';
import { AnalyticsViewer } from '../analytics/analytics-viewer';
import { CardViewer } from '../cards/card-viewer';
import { modeLink, modeOf, VIEW_MODES, type ViewMode } from './load-rules';
import { useDataLoad } from './use-data-load';
import { ExportControl } from './export-control';
import { Loading, LoadFailed } from '../../elements/load-states';
import { customRangeRulesOf } from '../../lib/date-ranges';

export interface DataViewerProps {
  moduleId?: string;
  /** The menu profile of the address (/content/{profileId}/{moduleId}). */
  profileId?: string;
  /** The profile named in the path (/content/{profileId}/{moduleId}/{profileName}). */
  profileName?: string;
  /** The query's `profile`: wins over the path's. */
  profile?: string;
  type?: string;
  favourite?: string;
  shared?: string;
  handOff?: boolean;
  /** The path's trailing Id segment: the page opens on that record. */
  recordId?: string;
  filterScope?: string;
}

const MODE_LABELS: Record<ViewMode, string> = { RecordsViewer: 'dataViewer.records', AnalyticsViewer: 'dataViewer.analytics', CardViewer: 'dataViewer.cards' };

/**
 * The data page: its modes (records grid, analytics pivot, cards) over one set of filters, the
 * favourites of the view, and the Excel export. It loads in the spec's order (profile, schema,
 * filter reset, favourite or default filters, then data) and keys what it shows by the load's stamp.
 */
export function DataViewer({ moduleId = 'responses', profileId = 'insights', profileName, profile, type, favourite, shared, handOff = false, recordId, filterScope }: DataViewerProps) {
  const { t, go } = useElement();
  const mode = modeOf(type);
  const scope = filterScope || `content:${moduleId}`;
  const narrow = mode !== 'RecordsViewer' && isMobilePage();
  const { load, error } = useDataLoad({ moduleId, scope, queryProfile: profile, pathProfile: profileName, favourite, shared, handOff, recordId });
  // The data page has the data source already: the filter bar takes its custom-range rules from it.
  const dateRules = useMemo(() => (load ? customRangeRulesOf(load.source) : undefined), [load]);

  useEffect(() => {
    // Spec part 2: the non-records modes are not offered on a mobile browser.
    if (narrow) navigate('/echo-503', { replace: true, system: true });
  }, [narrow]);

  if (narrow) return <p role="status" part="base">{t('dataViewer.notOnMobile')}</p>;
  if (error) return <LoadFailed>{t('dataViewer.loadFailed')} {error}</LoadFailed>;
  // cx-drawn comes from the mode shown (records, pivot or cards), which share this host.
  if (!load) return <Loading>{t('dataViewer.loading')}</Loading>;

  const root = `/content/${encodeURIComponent(profileId)}/${encodeURIComponent(moduleId)}`;
  const base = `${root}${profileName ? `/${encodeURIComponent(profileName)}` : ''}`;
  const { source, setup, stamp } = load;
  // On a phone the other modes would only lead to the not-on-mobile page: they are not offered.
  const phone = isMobilePage();
  const modes = VIEW_MODES.filter((m) => (m === 'RecordsViewer' ? source.showRecordViewerLink : !phone && (m === 'CardViewer' ? source.showCardViewerLink : true)));
  const props = { moduleId, profile: setup.profile.name, filterScope: scope, setup };
  return (
    <div className="data-viewer" part="base" key={stamp}>
      <div className="viewer-top">
        <nav aria-label={t('dataViewer.modes')} className="view-modes">
          {modes.map((m) => (
            <PortalLink key={m} to={modeLink(base, m, profile)} aria-current={m === mode ? 'page' : undefined}>
              {t(MODE_LABELS[m])}
            </PortalLink>
          ))}
        </nav>
        {load.profiles.length > 1 && (
          <label className="profile-choice">
            {t('dataViewer.profile')}
            {/* The path names the profile from here on, in the same mode. */}
            <select value={setup.profile.name} onChange={(e) => go(modeLink(`${root}/${encodeURIComponent(e.target.value)}`, mode))}>
              {load.profiles.map((p) => (
                <option key={p.name} value={p.name}>
                  {/* Profiles are named in words; the name stays the path's. */}
                  {t(`dataViewer.profiles.${p.name}`, { defaultValue: p.name.charAt(0).toUpperCase() + p.name.slice(1) })}
                </option>
              ))}
            </select>
          </label>
        )}
        {setup.profile.hasExport && !recordId && (
          <ExportControl moduleId={moduleId} scope={scope} mode={mode} setup={setup} />
        )}
      </div>
      {load.opened && <p className="hint" role="status">{t('favourites.opened', { title: load.opened })}</p>}
      {load.openFailed && <p className="cx-error" role="alert">{t('favourites.openFailed')}</p>}
      {recordId ? (
        // A row's details link: one record's details view, not the grid filtered to one row.
        <RecordDetails moduleId={moduleId} setup={setup} recordId={recordId} listLink={base} />
      ) : (
        <>
          <SmartFilterBar moduleId={moduleId} filterScope={scope} tags={setup.profile.smartFilterTags.join(',')} dateKey={setup.dateKey} dateRules={dateRules} />
          <Favourites moduleId={moduleId} filterScope={scope} viewMode={mode} dateKey={setup.dateKey} />
          {mode === 'AnalyticsViewer' ? <AnalyticsViewer {...props} /> : mode === 'CardViewer' ? <CardViewer {...props} /> : <RecordsViewer {...props} />}
        </>
      )}
    </div>
  );
}
