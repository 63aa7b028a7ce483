import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { ConfirmDialog } from '../../elements/confirm-dialog';
import type { VisualDefinition } from '../../api/visual-types';
import { SmartFilterBar } from '../../filters/smart-filter-bar/smart-filter-bar';
import { cacheFilters, DASHBOARD_DEFAULT_DATE, filtersFor, toSmartFilters } from '../../stores/filters';
import { holdUnsavedWork } from '../../stores/navigation';
import { starterOf } from '../../lib/visual-catalogue';
import { Grid } from '../dashboard/grid';
import { addTile, duplicateTile, freeName, mainLayout, MAX_TILES, moveIn, removeTile, resizeIn, tileStem, titleOf, updateTile } from './body';
import { BuilderTile } from './builder-tile';
import { builderApi, createBuilderStore, type Problem } from './builder-store';
import { Gallery, galleryChoices, type GalleryChoice } from './gallery';
import { canRedo, canUndo } from './history';
import { ShareDialog } from './share-dialog';
import { TileSettings } from './tile-settings';
import { previewCache, usePreviews } from './use-previews';
import { Versions } from './versions';
import { builderWords } from './words';
import { VisualSource } from '../../visuals/common/visual-source';

export { AUTOSAVE_MS } from './builder-store';

const typing = (target: EventTarget) => target instanceof HTMLElement && (target.isContentEditable || (/^(INPUT|TEXTAREA)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'checkbox'));
/** Where the focus goes after the next render: a tile's Settings button, or "Add tile". */
type FocusTarget = { tile: string } | { add: true };
type Question = { kind: 'restore'; version: number } | { kind: 'reload' };

/**
 * The dashboard builder (`cx-dashboard-builder`): the draft's tiles drawn live from its data
 * source, the gallery to add one, each tile's settings in words, move and resize on the grid,
 * undo and redo of every change, the draft saved as it changes, publishing and earlier versions.
 * Another dashboard is another builder (nothing of one is saved into the other).
 */
export function DashboardBuilder({ dashboardId = '' }: { dashboardId?: string }) {
  return <Builder key={dashboardId} dashboardId={dashboardId} />;
}

function Builder({ dashboardId }: { dashboardId: string }) {
  const { t, api } = useElement();
  const store = useMemo(() => createBuilderStore(dashboardId, builderApi(api)), [dashboardId, api]);
  useEffect(() => {
    if (dashboardId) void store.load();
    return () => store.dispose();
  }, [store, dashboardId]);
  const { doc, loadProblem, fields: fieldsState, history, dirty, save, busy, recovered } = useStore(store.$state);
  const body = history.present;
  const fields = fieldsState.state === 'ready' ? fieldsState.fields : null;
  const [note, setNote] = useState<{ text: string; error?: boolean }>({ text: '' });
  const [gallery, setGallery] = useState<'closed' | 'open'>('closed');
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const noteTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => holdUnsavedWork(dirty ? t('dashboardBuilder.unsaved') : null), [dirty, t]);
  useEffect(() => () => clearTimeout(noteTimer.current), []);

  /** Says something in the status line: emptied first, so the same words are read again. */
  const say = (text: string, error = false) => {
    setNote({ text: '' });
    clearTimeout(noteTimer.current);
    noteTimer.current = setTimeout(() => setNote({ text, error }), 50);
  };
  const problemText = (p: Problem) => (p.kind === 'refused' ? p.message : t(`dashboardBuilder.problems.${p.kind}`));

  // The period and filters of the dashboard itself (its Copy link and the viewer share them): the previews follow them.
  const scope = `dashboard:${dashboardId}`;
  useState(() => cacheFilters(scope, scope));
  const filterState = useStore(filtersFor(scope));
  const smartFilters = useMemo(() => (fields ? toSmartFilters(filterState, fields.dateKey, undefined, DASHBOARD_DEFAULT_DATE) : []), [fields, filterState]);
  const [cache] = useState(previewCache);
  const previews = usePreviews(fields ? fields.moduleId : null, body.definitions, smartFilters, api, cache);
  // Tiles that load their own figures (topic impact) read the source and filters the previews are drawn for.
  const visualSource = useMemo(() => (fields ? { moduleId: fields.moduleId, smartFilters } : null), [fields, smartFilters]);
  const words = useMemo(() => builderWords(t), [t]);
  const choices = useMemo(() => (fields ? galleryChoices(fields, (type) => `preview-${tileStem(type)}`, words) : []), [fields, words]);
  // Drawn while the gallery is open (kept in the cache when it closes: opened again, it is there at once).
  const galleryDefinitions = useMemo(() => (gallery === 'open' ? choices.map((c) => c.definition) : []), [gallery, choices]);
  const galleryPreviews = usePreviews(fields && gallery === 'open' ? fields.moduleId : null, galleryDefinitions, smartFilters, api, cache);

  const definitions = useMemo(() => new Map(body.definitions.map((d) => [d.name, d])), [body]);
  // The tile being set up gone (an undo took it back) closes its panel: a focus lost with it goes to "Add tile".
  const panelGone = !!settingsFor && !definitions.has(settingsFor);
  useEffect(() => {
    const lost = panelGone && !(root.current?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    const want = focusNext.current ?? (lost ? { add: true } : null);
    if (!want) return;
    focusNext.current = null;
    const find = (selector: string) => root.current?.querySelector<HTMLElement>(selector);
    // "Add tile": the empty grid's own when the last tile went.
    (('tile' in want ? find(`.cell[data-tile="${CSS.escape(want.tile)}"] .settings-button`) : (find('.builder-empty .add-tile') ?? find('.add-tile'))) ?? undefined)?.focus();
  });

  const full = body.definitions.length >= MAX_TILES;
  const openGallery = () => setGallery('open');
  const choose = (choice: GalleryChoice) => {
    if (!fields || full) return;
    const name = freeName(body, choice.type);
    const definition = starterOf(choice.type, fields, name, words) ?? { ...structuredClone(choice.definition), name };
    store.change(addTile(body, definition));
    setGallery('closed');
    setSettingsFor(name);
  };
  /** After a tile is gone, the focus goes to the next one in reading order (else the one before, else "Add tile"). */
  const remove = (definition: VisualDefinition) => {
    const order = [...mainLayout(body)].sort((a, b) => a.y - b.y || a.x - b.x).map((l) => l.name);
    const at = order.indexOf(definition.name);
    const next = order[at + 1] ?? order[at - 1];
    store.change(removeTile(body, definition.name));
    if (settingsFor === definition.name) setSettingsFor(null);
    focusNext.current = next ? { tile: next } : { add: true };
    say(t('dashboardBuilder.removed', { title: titleOf(definition) }));
  };
  const duplicate = (name: string, title: string) => {
    if (full) return;
    const copyTitle = t('dashboardBuilder.copyTitle', { title });
    const copy = duplicateTile(body, name, copyTitle);
    store.change(copy.body);
    focusNext.current = { tile: copy.name };
    say(t('dashboardBuilder.added', { title: copyTitle }));
  };
  const closeSettings = () => {
    if (settingsFor) focusNext.current = { tile: settingsFor };
    setSettingsFor(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Inside a dialog (the gallery, sharing) the draft behind it is not changed.
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(e.target) || (e.target as Element).closest?.('dialog')) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) store.undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') store.redo();
    else return;
    e.preventDefault();
  };

  const publish = async () => {
    setNote({ text: '' });
    const outcome = await store.publish();
    if (outcome.ok) return;
    if (outcome.problem) say(t('dashboardBuilder.publishFailed', { message: problemText(outcome.problem) }), true);
    else if (store.$state.get().save.kind !== 'idle') say(t('dashboardBuilder.publishStopped'), true);
  };
  const restore = async (version: number) => {
    setQuestion(null);
    const outcome = await store.restore(version);
    if (outcome.ok) {
      setSettingsFor(null);
      say(t('dashboardBuilder.restored', { version }));
    } else if (outcome.problem) say(t('dashboardBuilder.restoreFailed', { message: problemText(outcome.problem) }), true);
  };
  // Restoring replaces unpublished changes: asked first (Undo brings them back too).
  const askRestore = (version: number) => (doc?.hasDraft || dirty ? setQuestion({ kind: 'restore', version }) : void restore(version));

  if (!dashboardId) return <p className="cx-error" part="base">{t('dashboard.noId')}</p>;
  if (loadProblem)
    return (
      <div className="cx-error" part="base" role="alert">
        <p>{t('dashboardBuilder.loadFailed', { message: problemText(loadProblem) })}</p>
        <button type="button" className="secondary" onClick={() => void store.load()}>
          {t('dashboardBuilder.retry')}
        </button>
      </div>
    );
  if (!doc) return <p part="base" role="status">{t('dashboardBuilder.loading')}</p>;

  const layout = mainLayout(body);
  const titles = Object.fromEntries(body.definitions.map((d) => [d.name, titleOf(d)]));
  const settled = save.kind === 'idle' && !dirty;
  const status = doc.hasDraft || doc.publishedVersion === null ? t('dashboardBuilder.draftSaved') : t('dashboardBuilder.published', { version: doc.publishedVersion });
  const editing = settingsFor ? definitions.get(settingsFor) : undefined;
  const failedTiles = body.definitions.filter((d) => previews.get(d.name)?.state === 'failed').length;
  const fieldsProblem =
    fieldsState.state === 'failed' ? (
      <div className="cx-error fields-problem" role="alert">
        <p>{t('dashboardBuilder.fieldsFailed', { message: problemText(fieldsState.problem) })}</p>
        <button type="button" className="secondary" onClick={() => void store.loadFields()}>
          {t('dashboardBuilder.retry')}
        </button>
      </div>
    ) : null;
  const addButton = (label: string, className: string) => (
    <button type="button" className={className} onClick={openGallery} disabled={full} aria-describedby={full ? 'builder-full' : undefined}>
      {label}
    </button>
  );
  return (
    <div className="builder" part="base" onKeyDown={onKeyDown} ref={root}>
      <div className="builder-toolbar" role="toolbar" aria-label={t('dashboardBuilder.toolbar')}>
        <h2 className="builder-name">{doc.name}</h2>
        {addButton(t('dashboardBuilder.addTile'), 'add-tile')}
        <button type="button" className="secondary" onClick={store.undo} disabled={!canUndo(history)} title={t('dashboardBuilder.undoHint')}>
          {t('dashboardBuilder.undo')}
        </button>
        <button type="button" className="secondary" onClick={store.redo} disabled={!canRedo(history)} title={t('dashboardBuilder.redoHint')}>
          {t('dashboardBuilder.redo')}
        </button>
        {/* Only the settled state is read out; "Saving…" on every key would flood a screen reader. */}
        <span className="save-status">
          <span role="status">{settled ? status : ''}</span>
          {!settled && save.kind !== 'conflict' && save.kind !== 'failed' && <span aria-hidden="true">{t('dashboardBuilder.saving')}</span>}
        </span>
        <button type="button" onClick={() => void publish()} disabled={busy || save.kind === 'conflict'} aria-busy={busy || undefined}>
          {t('dashboardBuilder.publish')}
        </button>
        <Versions document={doc} onRestore={askRestore} />
        {doc.mayShare && (
          <button type="button" className="secondary" onClick={() => setSharing(true)}>
            {t('dashboardBuilder.share')}
          </button>
        )}
        {doc.publishedVersion !== null && (
          // The draft saved first: leaving asks nothing when nothing is left unsaved.
          <PortalLink to={doc.url} className="button-link" before={async () => (await store.flush()) && holdUnsavedWork(null)}>
            {t(doc.hasDraft || dirty ? 'dashboardBuilder.openPublished' : 'dashboardBuilder.open')}
          </PortalLink>
        )}
      </div>
      {full && (
        <p id="builder-full" className="hint">
          {t('dashboardBuilder.full', { max: MAX_TILES })}
        </p>
      )}
      {fields && <SmartFilterBar moduleId={fields.moduleId} filterScope={scope} dateKey={fields.dateKey} defaultDate={DASHBOARD_DEFAULT_DATE} label={t('filters.labelOf', { name: doc.name })} />}
      {fieldsProblem}
      {recovered && (
        <div className="recovered" role="status">
          <p>{t('dashboardBuilder.recoveredText')}</p>
          <button type="button" onClick={store.recover}>
            {t('dashboardBuilder.recover')}
          </button>
          <button type="button" className="secondary" onClick={store.discardRecovered}>
            {t('dashboardBuilder.discard')}
          </button>
        </div>
      )}
      {save.kind === 'conflict' && (
        <div className="cx-error conflict" role="alert">
          <p>{t('dashboardBuilder.conflict')}</p>
          <button type="button" onClick={() => void store.keepMine()}>
            {t('dashboardBuilder.keepMine')}
          </button>
          <button type="button" className="secondary" onClick={() => setQuestion({ kind: 'reload' })}>
            {t('dashboardBuilder.reloadTheirs')}
          </button>
        </div>
      )}
      {save.kind === 'failed' && (
        <div className="cx-error save-failed" role="alert">
          <p>
            {t('dashboardBuilder.saveFailed', { message: problemText(save.problem) })}
            {save.retrying ? ` ${t('dashboardBuilder.retrying')}` : ''}
          </p>
          <button type="button" className="secondary" onClick={() => void store.flush()}>
            {t('dashboardBuilder.retry')}
          </button>
        </div>
      )}
      <p className={note.error ? 'cx-error builder-note' : 'hint builder-note'} role="status">
        {note.text}
      </p>
      {/* One summary for the tiles that cannot be drawn (each tile says why, without a live region of its own). */}
      <p className="hint builder-note" role="status">
        {failedTiles ? t('dashboardBuilder.tilesFailed', { count: failedTiles }) : ''}
      </p>
      <VisualSource.Provider value={visualSource}>
      <div className={editing ? 'builder-body with-settings' : 'builder-body'}>
        {layout.length === 0 ? (
          <div className="builder-empty">
            <h3>{t('dashboardBuilder.empty')}</h3>
            <p>{t('dashboardBuilder.emptyHint')}</p>
            {addButton(t('dashboardBuilder.addFirst'), 'add-tile')}
          </div>
        ) : (
          <Grid layout={layout} columns={12} editor titles={titles} onMove={(name, x, y) => store.change(moveIn(body, name, x, y))} onResize={(name, w, h) => store.change(resizeIn(body, name, w, h))}>
            {(name) => {
              const definition = definitions.get(name);
              if (!definition) return null;
              const title = titles[name];
              return (
                <BuilderTile
                  definition={definition}
                  title={title}
                  preview={previews.get(name)}
                  full={full}
                  onSettings={() => setSettingsFor(name)}
                  onDuplicate={() => duplicate(name, title)}
                  onRemove={() => remove(definition)}
                />
              );
            }}
          </Grid>
        )}
        {editing &&
          (fields ? (
            <TileSettings key={editing.name} definition={editing} fields={fields} onChange={(d, typed) => store.change(updateTile(body, d), typed)} onClose={closeSettings} />
          ) : (
            <section className="tile-settings" aria-labelledby="tile-settings-title">
              <h2 id="tile-settings-title">{t('dashboardBuilder.form.title')}</h2>
              {fieldsProblem ?? <p role="status">{t('dashboardBuilder.gallery.loadingFields')}</p>}
              <button type="button" className="link" onClick={closeSettings}>
                {t('dashboardBuilder.form.close')}
              </button>
            </section>
          ))}
      </div>
      {gallery === 'open' && <Gallery choices={choices} previews={galleryPreviews} loading={fieldsState.state === 'loading'} problem={fieldsProblem} onChoose={choose} onClose={() => setGallery('closed')} />}
      </VisualSource.Provider>
      {sharing && <ShareDialog document={doc} onSaved={store.adopt} onClose={() => setSharing(false)} />}
      {question?.kind === 'restore' && (
        <ConfirmDialog
          title={t('dashboardBuilder.restoreQuestion', { version: question.version })}
          confirmLabel={t('dashboardBuilder.restore')}
          cancelLabel={t('dashboardBuilder.cancel')}
          busy={busy}
          onConfirm={() => void restore(question.version)}
          onCancel={() => setQuestion(null)}
        >
          <p>{t('dashboardBuilder.restoreWarning')}</p>
        </ConfirmDialog>
      )}
      {question?.kind === 'reload' && (
        <ConfirmDialog
          title={t('dashboardBuilder.reloadQuestion')}
          confirmLabel={t('dashboardBuilder.reloadTheirs')}
          cancelLabel={t('dashboardBuilder.cancel')}
          busy={false}
          onConfirm={() => {
            setQuestion(null);
            void store.reloadTheirs();
          }}
          onCancel={() => setQuestion(null)}
        >
          <p>{t('dashboardBuilder.reloadWarning')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
