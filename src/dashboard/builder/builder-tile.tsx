import { memo } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualDefinition } from '../../api/visual-types';
import { VisualTile } from '../../visuals/tile/visual-tile';
import type { Preview } from './use-previews';

const NOTHING: never[] = [];
const ignore = () => undefined;

/** A tile drawn from its preview answer, titled as the draft says; or the reason it cannot be drawn. */
export const PreviewTile = memo(function PreviewTile({ definition, title, preview }: { definition: VisualDefinition; title: string; preview: Preview | undefined }) {
  const { t } = useElement();
  if (preview?.state === 'drawn') {
    const item = { ...preview.item, primary: { ...preview.item.primary, header: { content: title } } };
    return <VisualTile item={item} definition={definition} selections={NOTHING} onSelect={ignore} onClear={ignore} onDrawn={ignore} generation={preview.generation} />;
  }
  const headerId = `tile-${definition.name}-header`;
  return (
    <article className={preview?.state === 'failed' ? 'tile tile-problem' : 'tile'} aria-labelledby={headerId} data-visual={definition.name}>
      <header>
        <div className="titles">
          <h2 id={headerId}>{title}</h2>
        </div>
      </header>
      <div className="tile-body">
        {preview?.state === 'failed' ? (
          // Plain text: the builder says once how many tiles cannot be drawn, not one alert per tile.
          <div className="problem">
            <p>
              <strong>{t('dashboardBuilder.tileProblem')}</strong>
            </p>
            <p>{preview.column ? t('dashboardBuilder.missingColumn', { column: preview.column }) : preview.message || t(`dashboardBuilder.problems.${preview.problem ?? 'server'}`)}</p>
          </div>
        ) : (
          <p className="no-data">{t('dashboardBuilder.tileLoading')}</p>
        )}
      </div>
    </article>
  );
});

/** A tile of the builder's grid: its preview and its actions (settings, duplicate unless the dashboard is `full`, remove). */
export function BuilderTile({
  definition,
  title,
  preview,
  full,
  onSettings,
  onDuplicate,
  onRemove,
}: {
  definition: VisualDefinition;
  title: string;
  preview: Preview | undefined;
  full: boolean;
  onSettings: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useElement();
  return (
    <div className="builder-tile">
      <PreviewTile definition={definition} title={title} preview={preview} />
      <div className="tile-actions" role="group" aria-label={t('dashboardBuilder.tileActions', { title })}>
        <button type="button" className="link settings-button" onClick={onSettings} aria-label={t('dashboardBuilder.settingsOf', { title })}>
          {t('dashboardBuilder.settings')}
        </button>
        <button type="button" className="link" onClick={onDuplicate} disabled={full} aria-describedby={full ? 'builder-full' : undefined} aria-label={t('dashboardBuilder.duplicateOf', { title })}>
          {t('dashboardBuilder.duplicate')}
        </button>
        <button type="button" className="link" onClick={onRemove} aria-label={t('dashboardBuilder.removeOf', { title })}>
          {t('dashboardBuilder.remove')}
        </button>
      </div>
    </div>
  );
}
