import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { ModalDialog } from '../../elements/modal-dialog';
import type { BuilderFields } from '../../api/dashboard-builder';
import type { VisualDefinition, VisualType } from '../../api/visual-types';
import { starterOf, VISUAL_GROUPS, visualsIn, type VisualGroup } from '../../lib/visual-catalogue';
import { PreviewTile } from './builder-tile';
import type { Preview } from './use-previews';

/** One visual type the source can feed, with the definition its live preview is drawn from. */
export interface GalleryChoice {
  group: VisualGroup;
  type: VisualType;
  definition: VisualDefinition;
}

/** Every visual type the source can feed (its starter from the source's roles), by group; the types it cannot feed are left out. */
export function galleryChoices(fields: BuilderFields, nameOf: (type: VisualType) => string): GalleryChoice[] {
  return VISUAL_GROUPS.flatMap((group) =>
    visualsIn(group).flatMap((type) => {
      const definition = starterOf(type, fields, nameOf(type));
      return definition ? [{ group, type, definition }] : [];
    }),
  );
}

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * "Add a tile": every visual type the data source can feed, grouped by what it answers, each a live
 * preview. Tab or the arrow keys move from card to card, Enter (or Space, or a click) chooses.
 */
export function Gallery({ choices, previews, loading, onChoose, onClose }: { choices: readonly GalleryChoice[]; previews: ReadonlyMap<string, Preview>; loading: boolean; onChoose: (choice: GalleryChoice) => void; onClose: () => void }) {
  const { t } = useElement();
  const list = useRef<HTMLDivElement>(null);
  const options = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
  // Opened, the first card takes the focus: the keyboard starts choosing at once.
  const first = choices[0]?.type;
  useEffect(() => options()[0]?.focus(), [first]);
  const onKey = (e: KeyboardEvent<HTMLElement>, choice: GalleryChoice) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      return onChoose(choice);
    }
    const all = options();
    const at = all.indexOf(e.currentTarget);
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : NEXT[e.key] !== undefined ? Math.max(0, Math.min(all.length - 1, at + NEXT[e.key])) : -1;
    if (to < 0) return;
    e.preventDefault();
    all[to].focus();
  };
  const name = (type: VisualType) => t(`dashboardBuilder.types.${type}`, { defaultValue: type });
  return (
    <ModalDialog labelledBy="gallery-title" describedBy="gallery-intro" onCancel={onClose}>
      <div className="gallery">
        <header>
          <h2 id="gallery-title">{t('dashboardBuilder.gallery.title')}</h2>
          <button type="button" className="link" onClick={onClose}>
            {t('dashboardBuilder.gallery.close')}
          </button>
        </header>
        <p id="gallery-intro" className="hint">
          {t('dashboardBuilder.gallery.intro')}
        </p>
        {loading ? (
          <p role="status">{t('dashboardBuilder.gallery.loadingFields')}</p>
        ) : !choices.length ? (
          <p role="status">{t('dashboardBuilder.gallery.none')}</p>
        ) : (
          <div ref={list} className="gallery-groups">
            {VISUAL_GROUPS.filter((g) => choices.some((c) => c.group === g)).map((group) => (
              <section key={group} aria-labelledby={`gallery-${group}`}>
                <h3 id={`gallery-${group}`}>{t(`dashboardBuilder.gallery.groups.${group}`)}</h3>
                <div role="listbox" aria-labelledby={`gallery-${group}`} className="cards">
                  {choices
                    .filter((c) => c.group === group)
                    .map((choice) => (
                      <div key={choice.type} role="option" aria-selected="false" tabIndex={0} className="card" data-type={choice.type} onClick={() => onChoose(choice)} onKeyDown={(e) => onKey(e, choice)}>
                        <span className="card-name">{name(choice.type)}</span>
                        {/* The drawing shows what the tile would be; it is no control of its own, and the card is named by the type alone. */}
                        <div className="card-preview" inert aria-hidden="true">
                          <PreviewTile definition={choice.definition} title={name(choice.type)} preview={previews.get(choice.definition.name)} />
                        </div>
                      </div>
                    ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
