import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';

/** An image path served by the portal itself (icons and pictures under /elements/); outside addresses are refused. */
export function imageSource(path: string, apiBase: string): string | null {
  return /^\/elements\/[A-Za-z0-9/_.-]+\.(svg|png|jpg|webp)$/.test(path) && !path.includes('..') ? `${apiBase}${path}` : null;
}

/** Image tile: a picture with its alternative text (the review area's image chart). */
export function ImageVisual(props: VisualProps) {
  const { apiBase, t } = useElement();
  const { settings, onDrawn } = props;
  const src = imageSource(setting(settings, 'ImageUrl', ''), apiBase);
  useEffect(() => {
    onDrawn();
  }, [onDrawn, src]);
  if (!src) return <p className="no-data">{t('visuals.noResults')}</p>;
  return <img className="image-visual" src={src} alt={setting(settings, 'AltText', '')} />;
}
