import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { readTabs, Tabs } from '../common/tabs';
import { CleanedText } from '../../elements/hidden-value';
import { useVisualSource } from '../common/visual-source';
import { displayValue, drillthroughLink, LIST_DEFAULTS as D, readDisplayFields, shownFields } from './rules';

/** Ordered list of comments: display fields per row, an icon per row, tabs, Drillthrough links. */
export function CommentListVisual(props: VisualProps) {
  const { t, apiBase, href } = useElement();
  const { settings, onDrawn } = props;
  const source = useVisualSource();
  const { tabs, defaultTab } = readTabs(settings.Tabs);
  const [tab, setTab] = useState(defaultTab);
  const current = tabs.find((x) => x.key === tab);
  const series = props.primary[(current?.dataSource ?? 'data') as `data${string}`] ?? props.primary.data;
  const fields = readDisplayFields(settings.DisplayFields);
  const link = settings.ClickBehaviour === 'Drillthrough' && typeof settings.DrillthroughLink === 'string' ? settings.DrillthroughLink : '';
  const iconField = setting(settings, 'IconField', '');
  const iconBase = setting(settings, 'IconBasePath', `${apiBase}/elements/icons/`);
  const clip = setting(settings, 'ClipText', D.ClipText);
  const lines = setting(settings, 'LinesToShow', D.LinesToShow);
  const rows = (series?.content[0]?.data ?? []).map((row) => ({ row, shown: shownFields(row, fields) })).filter((r) => r.shown !== null);
  useEffect(() => {
    onDrawn();
  }, [onDrawn, rows.length, tab]);
  return (
    <div className="comment-list">
      {tabs.length > 0 && <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('visuals.list.tabs')} />}
      {rows.length === 0 ? (
        <p className="no-data">{t('visuals.noResults')}</p>
      ) : (
        <ol>
          {rows.map(({ row, shown }) => {
            const icon = iconField && row[iconField] ? `${iconBase}${String(row[iconField]).toLowerCase()}.svg` : '';
            const fieldsId = `${props.name}-row-${row.Key}`;
            return (
              // A Drillthrough row's link covers the row (stretched), so a hidden comment's 'Click to show.' is not inside a link.
              <li key={row.Key} className={link ? 'linked' : undefined}>
                {icon && <img src={icon} alt={String(row[iconField])} width={D.IconWidth} height={D.IconWidth} />}
                <div className="fields" id={fieldsId}>
                  {shown!.map((f, i) => (
                    <p key={i} className={`field ${f.style.toLowerCase()}${clip && i === 0 ? ' clip' : ''}`} style={{ marginBottom: f.marginBottom, WebkitLineClamp: clip ? lines : undefined }}>
                      <CleanedText value={f.text} moduleId={source?.moduleId} field={f.field} recordId={row.Key}>{displayValue(f.text)}</CleanedText>
                    </p>
                  ))}
                </div>
                {link && <a className="row-link" href={href(drillthroughLink(link, row))} target="_blank" rel="noopener noreferrer" aria-labelledby={fieldsId}></a>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
