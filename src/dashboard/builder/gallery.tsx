import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useElement } from '../../elements/element-context';
import { ModalDialog } from '../../elements/modal-dialog';
import type { BuilderFields } from '../../api/dashboard-builder';
import type { VisualDefinition, VisualType } from '../../api/visual-types';
import { starterOf, VISUAL_GROUPS, visualsIn, type VisualGroup } from '../../lib/visual-catalogue';
import type { Words } from '../../lib/visual-words';
import { PreviewTile } from './builder-tile';
import type { Preview } from './use-previews';

/** One visual type the source can feed, with the definition its live preview is drawn from. */
export interface GalleryChoice {
  group: VisualGroup;
  type: VisualType;
  definition: VisualDefinition;
}

/** Every visual type the source can feed (its starter from the source's roles, titled in `words`), by group; the types it cannot feed are left out. */
export function galleryChoices(fields: BuilderFields, nameOf: (type: VisualType) => string, words?: Words): GalleryChoice[] {
  return VISUAL_GROUPS.flatMap((group) =>
    visualsIn(group).flatMap((type) => {
      const definition = starterOf(type, fields, nameOf(type), words);
      return definition ? [{ group, type, definition }] : [];
    }),
  );
}

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * "Add a tile": every visual type the data source can feed, grouped by what it answers, each a
 * button with its live preview (a list of them per group). Tab or the arrow keys move from one to
 * the next, Enter, Space or a click chooses.
 */
export function Gallery({
  choices,
  previews,
  loading,
  problem,
  onChoose,
  onClose,
}: {
  choices: readonly GalleryChoice[];
  previews: ReadonlyMap<string, Preview>;
  loading: boolean;
  /** The source's fields could not be read: why, with a Retry. */
  problem?: ReactNode;
  onChoose: (choice: GalleryChoice) => void;
  onClose: () => void;
}) {
  const { t } = useElement();
  const list = useRef<HTMLDivElement>(null);
  const cards = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button.card-choose') ?? [])];
  // Opened, the first card takes the focus: the keyboard starts choosing at once.
  const first = choices[0]?.type;
  useEffect(() => cards()[0]?.focus(), [first]);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const all = cards();
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
        ) : problem ? (
          problem
        ) : !choices.length ? (
          <p role="status">{t('dashboardBuilder.gallery.none')}</p>
        ) : (
          <div ref={list} className="gallery-groups">
            {VISUAL_GROUPS.filter((g) => choices.some((c) => c.group === g)).map((group) => (
              <section key={group} aria-labelledby={`gallery-${group}`}>
                <h3 id={`gallery-${group}`}>{t(`dashboardBuilder.gallery.groups.${group}`)}</h3>
                <ul className="cards" aria-labelledby={`gallery-${group}`}>
                  {choices
                    .filter((c) => c.group === group)
                    .map((choice) => (
                      <li key={choice.type} className="card" data-type={choice.type}>
                        {/* Named by the type alone and described by its group; the whole card chooses it (builder.css). */}
                        <button type="button" className="card-choose" aria-describedby={`gallery-${group}`} onClick={() => onChoose(choice)} onKeyDown={onKey}>
                          {name(choice.type)}
                        </button>
                        {/* The drawing shows what the tile would be; it is no control of its own. */}
                        <div className="card-preview" inert aria-hidden="true">
                          <PreviewTile definition={choice.definition} title={name(choice.type)} preview={previews.get(choice.definition.name)} />
                        </div>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
