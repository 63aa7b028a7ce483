import { useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { DashboardDocument } from '../../api/dashboard-builder';
import { shortDate } from '../../lib/dates';

/** "Versions": every published version, newest first, each with "Restore this version" (the one published now too: that drops the draft). */
export function Versions({ document: doc, onRestore }: { document: DashboardDocument; onRestore: (version: number) => void }) {
  const { t } = useElement();
  const [open, setOpen] = useState(false);
  const versions = [...doc.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="versions">
      <button type="button" className="secondary" aria-expanded={open} aria-controls="builder-versions" onClick={() => setOpen(!open)}>
        {t('dashboardBuilder.versions')}
      </button>
      <div id="builder-versions" className="versions-panel" hidden={!open}>
        <h3 id="builder-versions-title">{t('dashboardBuilder.versionsList')}</h3>
        {versions.length === 0 ? (
          <p>{t('dashboardBuilder.noVersions')}</p>
        ) : (
          <ol aria-labelledby="builder-versions-title">
            {versions.map((v) => {
              const line = `version-${v.version}`;
              const args = { version: v.version, date: shortDate(v.publishedAt), by: v.publishedBy };
              return (
                <li key={v.version}>
                  <span id={line}>{t(v.publishedBy ? 'dashboardBuilder.versionBy' : 'dashboardBuilder.version', args)}</span>
                  {v.version === doc.publishedVersion && <span className="hint"> {t('dashboardBuilder.current')}</span>}
                  {/* The one published now too: restoring it drops the draft's changes. */}
                  <button type="button" className="link" aria-describedby={line} onClick={() => onRestore(v.version)}>
                    {t('dashboardBuilder.restore')}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
