import type { LayoutItem, VisualDefinition } from '../../api/visual-types';
import { downloadText } from '../../lib/download';

/** Changes made in edit mode, per visual: its place and size in the grid and its settings. */
export type Edits = Record<string, { layout?: Partial<Pick<LayoutItem, 'x' | 'y' | 'w' | 'h'>>; templateBindings?: Record<string, unknown> }>;

/** The layout with the edited places and sizes applied. */
export function applyLayoutEdits(layout: readonly LayoutItem[], edits: Edits): LayoutItem[] {
  return layout.map((l) => ({ ...l, ...(edits[l.name]?.layout ?? {}) }));
}

/** A definition with its edited settings applied. */
export function applyDefinitionEdits(def: VisualDefinition, edits: Edits): VisualDefinition {
  const changed = edits[def.name]?.templateBindings;
  return changed ? { ...def, templateBindings: { ...def.templateBindings, ...changed } } : def;
}

/** Records a change; values equal to the original are dropped, so the JSON view shows only real changes. */
export function recordEdit(edits: Edits, name: string, part: 'layout' | 'templateBindings', changes: Record<string, unknown>, original: Record<string, unknown>): Edits {
  const merged: Record<string, unknown> = { ...(edits[name]?.[part] ?? {}), ...changes };
  for (const [k, v] of Object.entries(merged)) if (original[k] === v) delete merged[k];
  const entry = { ...edits[name], [part]: merged };
  if (Object.keys(merged).length === 0) delete entry[part];
  const next = { ...edits, [name]: entry };
  if (Object.keys(entry).length === 0) delete next[name];
  return next;
}

/** The file "Copy layout" saves: the layout as edited plus the changed settings. */
export function layoutFile(dashboardId: string, layoutName: string, layout: readonly LayoutItem[], edits: Edits) {
  return { dashboardId, layoutName, layout, changes: edits };
}

/** Offers JSON as a downloaded file (the browser's own save). */
export function downloadJson(fileName: string, value: unknown): void {
  downloadText(fileName, JSON.stringify(value, null, 2), 'application/json');
}
