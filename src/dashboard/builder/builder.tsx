import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { isBadRequest } from '../../api/client';
import { builderFields, getDashboard, publishDashboard, restoreDashboardVersion, updateDashboard, type BuilderFields, type DashboardBody, type DashboardDocument } from '../../api/dashboard-builder';
import type { BadRequest } from '../../api/errors';
import type { VisualDefinition } from '../../api/visual-types';
import { DEFAULT_FILTERS, toSmartFilters } from '../../stores/filters';
import { holdUnsavedWork } from '../../stores/navigation';
import { Grid } from '../dashboard/grid';
import { addTile, duplicateTile, EMPTY_BODY, freeName, tileStem, mainLayout, moveIn, removeTile, resizeIn, titleOf, updateTile } from './body';
import { BuilderTile } from './builder-tile';
import { Gallery, galleryChoices, type GalleryChoice } from './gallery';
import { canRedo, canUndo, historyReducer, startHistory, type History, type HistoryAction } from './history';
import { starterOf } from '../../lib/visual-catalogue';
import { ShareDialog } from './share-dialog';
import { TileSettings } from './tile-settings';
import { usePreviews } from './use-previews';
import { Versions } from './versions';

/** Quiet time after the last change before the draft is saved. */
export const AUTOSAVE_MS = 800;

type SaveState = { kind: 'idle' } | { kind: 'conflict' } | { kind: 'failed'; message: string };

const reduce = (h: History<DashboardBody>, a: HistoryAction<DashboardBody>) => historyReducer(h, a);
const messageOf = (e: unknown) => (isBadRequest(e) ? (e.message ?? '') : e instanceof Error ? e.message : String(e));
/** The server's answer to a draft edited from an older one (409). */
const isConflict = (res: BadRequest) => res.conflict === true || res.code === 'conflict' || /changed elsewhere/i.test(res.message ?? '');
const typing = (target: EventTarget) => target instanceof HTMLElement && (target.isContentEditable || (/^(INPUT|TEXTAREA)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'checkbox'));

/**
 * The dashboard builder (`cx-dashboard-builder`): the draft's tiles drawn live from its data
 * source, the gallery to add one, each tile's settings in words, move and resize on the grid,
 * undo and redo of every change, the draft saved as it changes, publishing and earlier versions.
 */
export function DashboardBuilder({ dashboardId = '' }: { dashboardId?: string }) {
  const { t, api } = useElement();
  const [doc, setDoc] = useState<DashboardDocument | null>(null);
  const [loadError, setLoadError] = useState('');
  const [fields, setFields] = useState<BuilderFields | null>(null);
  const [history, dispatch] = useReducer(reduce, EMPTY_BODY, startHistory);
  const body = history.present;
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState('');
  const [gallery, setGallery] = useState<'closed' | 'open'>('closed');
  const [galleryUsed, setGalleryUsed] = useState(false);
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  // What the server holds, and the draft's time it was saved at (a save from an older one is refused).
  const saved = useRef<DashboardBody>(EMPTY_BODY);
  const [savedBody, setSavedBody] = useState<DashboardBody>(EMPTY_BODY);
  const markSaved = (draft: DashboardBody) => {
    saved.current = draft;
    setSavedBody(draft);
  };
  const draftOf = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const stopped = useRef(false);

  /** Shows the dashboard as the server has it: its draft is where undo starts. */
  const show = useCallback(
    (res: DashboardDocument | BadRequest) => {
      if (isBadRequest(res)) return setLoadError(messageOf(res));
      setLoadError('');
      saved.current = res.draft;
      setSavedBody(res.draft);
      draftOf.current = res.updatedAt;
      stopped.current = false;
      setSaveState({ kind: 'idle' });
      setDoc(res);
      dispatch({ type: 'reset', present: res.draft });
      builderFields(res.moduleId, api)
        .then((f) => !isBadRequest(f) && setFields(f))
        .catch(() => undefined);
    },
    [api],
  );
  const load = useCallback(() => getDashboard(dashboardId, api).then(show, (e: unknown) => setLoadError(messageOf(e))), [dashboardId, api, show]);
  useEffect(() => {
    if (dashboardId) getDashboard(dashboardId, api).then(show, (e: unknown) => setLoadError(messageOf(e)));
  }, [dashboardId, api, show]);

  /** Saves `draft` unless the server has it already; saves run one after another, each from the last one's time. */
  const save = useCallback(
    (draft: DashboardBody) => {
      queue.current = queue.current.then(async () => {
        if (stopped.current || draft === saved.current || JSON.stringify(draft) === JSON.stringify(saved.current)) return;
        setSaving(true);
        try {
          const res = await updateDashboard(dashboardId, { draft, draftOf: draftOf.current }, api);
          if (isBadRequest(res)) {
            // Someone else's newer draft is not overwritten: the local one stays on screen, unsaved.
            if (isConflict(res)) {
              stopped.current = true;
              setSaveState({ kind: 'conflict' });
            } else setSaveState({ kind: 'failed', message: messageOf(res) });
            return;
          }
          markSaved(draft);
          draftOf.current = res.updatedAt;
          setSaveState({ kind: 'idle' });
          setDoc(res);
        } catch (e) {
          setSaveState({ kind: 'failed', message: messageOf(e) });
        } finally {
          setSaving(false);
        }
      });
      return queue.current;
    },
    [dashboardId, api],
  );
  const dirty = !!doc && body !== savedBody;
  useEffect(() => {
    if (!doc || body === saved.current || stopped.current) return;
    const timer = setTimeout(() => void save(body), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [doc, body, save]);
  useEffect(() => holdUnsavedWork(dirty ? t('dashboardBuilder.unsaved') : null), [dirty, t]);

  const change = (next: DashboardBody) => {
    if (JSON.stringify(next) !== JSON.stringify(body)) dispatch({ type: 'change', next });
  };
  const undo = () => dispatch({ type: 'undo' });
  const redo = () => dispatch({ type: 'redo' });

  const publish = async () => {
    setNote('');
    await save(body);
    if (stopped.current) return;
    try {
      const res = await publishDashboard(dashboardId, api);
      if (isBadRequest(res)) return setNote(t('dashboardBuilder.publishFailed', { message: messageOf(res) }));
      draftOf.current = res.updatedAt;
      setDoc(res);
    } catch (e) {
      setNote(t('dashboardBuilder.publishFailed', { message: messageOf(e) }));
    }
  };
  const restore = async (version: number) => {
    setNote('');
    try {
      const res = await restoreDashboardVersion(dashboardId, version, api);
      if (isBadRequest(res)) return setNote(t('dashboardBuilder.restoreFailed', { message: messageOf(res) }));
      markSaved(res.draft);
      draftOf.current = res.updatedAt;
      setDoc(res);
      setSettingsFor(null);
      dispatch({ type: 'reset', present: res.draft });
      setNote(t('dashboardBuilder.restored', { version }));
    } catch (e) {
      setNote(t('dashboardBuilder.restoreFailed', { message: messageOf(e) }));
    }
  };

  const smartFilters = useMemo(() => (fields ? toSmartFilters(DEFAULT_FILTERS, fields.dateKey) : []), [fields]);
  const previews = usePreviews(fields ? fields.moduleId : null, body.definitions, smartFilters, api);
  const choices = useMemo(() => (fields ? galleryChoices(fields, (type) => `preview-${tileStem(type)}`) : []), [fields]);
  const galleryDefinitions = useMemo(() => (galleryUsed ? choices.map((c) => c.definition) : []), [galleryUsed, choices]);
  const galleryPreviews = usePreviews(fields && galleryUsed ? fields.moduleId : null, galleryDefinitions, smartFilters, api);

  const openGallery = () => {
    setGallery('open');
    setGalleryUsed(true);
  };
  const choose = (choice: GalleryChoice) => {
    if (!fields) return;
    const name = freeName(body, choice.type);
    const definition = starterOf(choice.type, fields, name) ?? { ...structuredClone(choice.definition), name };
    change(addTile(body, definition));
    setGallery('closed');
    setSettingsFor(name);
  };
  const remove = (definition: VisualDefinition) => {
    change(removeTile(body, definition.name));
    if (settingsFor === definition.name) setSettingsFor(null);
    setNote(t('dashboardBuilder.removed', { title: titleOf(definition) }));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
    else return;
    e.preventDefault();
  };

  if (!dashboardId) return <p className="cx-error" part="base">{t('dashboard.noId')}</p>;
  if (loadError)
    return (
      <p className="cx-error" part="base" role="alert">
        {t('dashboardBuilder.loadFailed', { message: loadError })}
      </p>
    );
  if (!doc) return <p part="base" role="status">{t('dashboardBuilder.loading')}</p>;

  const layout = mainLayout(body);
  const definitions = new Map(body.definitions.map((d) => [d.name, d]));
  const titles = Object.fromEntries(body.definitions.map((d) => [d.name, titleOf(d)]));
  const status = saving || dirty ? t('dashboardBuilder.saving') : doc.hasDraft || doc.publishedVersion === null ? t('dashboardBuilder.draftSaved') : t('dashboardBuilder.published', { version: doc.publishedVersion });
  const editing = settingsFor ? definitions.get(settingsFor) : undefined;
  return (
    <div className="builder" part="base" onKeyDown={onKeyDown}>
      <div className="builder-toolbar">
        <h2 className="builder-name">{doc.name}</h2>
        <button type="button" onClick={openGallery}>
          {t('dashboardBuilder.addTile')}
        </button>
        <button type="button" className="secondary" onClick={undo} disabled={!canUndo(history)} title={t('dashboardBuilder.undoHint')}>
          {t('dashboardBuilder.undo')}
        </button>
        <button type="button" className="secondary" onClick={redo} disabled={!canRedo(history)} title={t('dashboardBuilder.redoHint')}>
          {t('dashboardBuilder.redo')}
        </button>
        <span className="save-status" role="status">
          {saveState.kind === 'idle' ? status : ''}
        </span>
        <button type="button" onClick={() => void publish()} disabled={saveState.kind === 'conflict'}>
          {t('dashboardBuilder.publish')}
        </button>
        <Versions document={doc} onRestore={(v) => void restore(v)} />
        {doc.mayShare && (
          <button type="button" className="secondary" onClick={() => setSharing(true)}>
            {t('dashboardBuilder.share')}
          </button>
        )}
        {doc.publishedVersion !== null && (
          <PortalLink to={doc.url} className="button-link">
            {t('dashboardBuilder.open')}
          </PortalLink>
        )}
      </div>
      {saveState.kind === 'conflict' && (
        <div className="cx-error conflict" role="alert">
          <p>{t('dashboardBuilder.conflict')}</p>
          <button type="button" className="secondary" onClick={() => void load()}>
            {t('dashboardBuilder.reload')}
          </button>
        </div>
      )}
      {saveState.kind === 'failed' && (
        <p className="cx-error" role="alert">
          {t('dashboardBuilder.saveFailed', { message: saveState.message })}
        </p>
      )}
      <p className="hint builder-note" role="status">
        {note}
      </p>
      <div className={editing ? 'builder-body with-settings' : 'builder-body'}>
        {layout.length === 0 ? (
          <div className="builder-empty">
            <h3>{t('dashboardBuilder.empty')}</h3>
            <p>{t('dashboardBuilder.emptyHint')}</p>
            <button type="button" onClick={openGallery}>
              {t('dashboardBuilder.addFirst')}
            </button>
          </div>
        ) : (
          <Grid
            layout={layout}
            columns={12}
            editor
            titles={titles}
            onMove={(name, x, y) => change(moveIn(body, name, x, y))}
            onResize={(name, w, h) => change(resizeIn(body, name, w, h))}
          >
            {(name) => {
              const definition = definitions.get(name);
              if (!definition) return null;
              const title = titles[name];
              return (
                <BuilderTile
                  definition={definition}
                  title={title}
                  preview={previews.get(name)}
                  onSettings={() => setSettingsFor(name)}
                  onDuplicate={() => change(duplicateTile(body, name, t('dashboardBuilder.copyTitle', { title })).body)}
                  onRemove={() => remove(definition)}
                />
              );
            }}
          </Grid>
        )}
        {editing && fields && <TileSettings key={editing.name} definition={editing} fields={fields} onChange={(d) => change(updateTile(body, d))} onClose={() => setSettingsFor(null)} />}
      </div>
      {gallery === 'open' && <Gallery choices={choices} previews={galleryPreviews} loading={!fields} onChoose={choose} onClose={() => setGallery('closed')} />}
      {sharing && (
        <ShareDialog
          document={doc}
          onSaved={(d) => {
            draftOf.current = d.updatedAt;
            setDoc(d);
          }}
          onClose={() => setSharing(false)}
        />
      )}
    </div>
  );
}
