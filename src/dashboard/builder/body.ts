import type { DashboardBody } from '../../api/dashboard-builder';
import type { LayoutItem, VisualDefinition } from '../../api/visual-types';
import { firstFreeSpot, GRID, moveTile, resizeTile } from '../../lib/grid-layout';

/** The builder's changes to a dashboard's draft: pure, each a new body (the undo history keeps the old). */

/** The layout the builder edits; tiles added or removed change every named layout. */
export const MAIN_LAYOUT = 'Default';

export const EMPTY_BODY: DashboardBody = { definitions: [], layouts: { [MAIN_LAYOUT]: [] } };

/** The tiles a dashboard holds at most (the server refuses more: server/dashboards/definition.ts). */
export const MAX_TILES = 60;

export const mainLayout = (body: DashboardBody): LayoutItem[] => body.layouts[MAIN_LAYOUT] ?? [];

/** A name's words in lower case joined by dashes, as tile names are ('StackedBar': 'stacked-bar'). */
export const tileStem = (base: string): string => base.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50) || 'tile';

/** A tile name not in use yet: `{base}-1`, `{base}-2`, … (lower case, dashes). */
export function freeName(body: DashboardBody, base: string): string {
  const stem = tileStem(base);
  const taken = new Set(body.definitions.map((d) => d.name));
  let n = 1;
  while (taken.has(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}

/** The tile's title as shown (its Header, else its name). */
export const titleOf = (definition: VisualDefinition): string => String(definition.templateBindings.Header ?? '') || definition.name;

const mapLayouts = (body: DashboardBody, fn: (layout: LayoutItem[], name: string) => LayoutItem[]): DashboardBody['layouts'] => {
  const layouts = { [MAIN_LAYOUT]: [], ...body.layouts };
  return Object.fromEntries(Object.entries(layouts).map(([name, layout]) => [name, fn(layout, name)]));
};

/** A new tile (its name free already) at the first free spot of each layout, in its own size. */
export function addTile(body: DashboardBody, definition: VisualDefinition): DashboardBody {
  const w = Math.max(1, Math.min(GRID.maxColumns, definition.width));
  const h = Math.max(1, definition.height);
  return {
    definitions: [...body.definitions, definition],
    layouts: mapLayouts(body, (layout) => [...layout, { name: definition.name, ...firstFreeSpot(layout, w, h), w, h }]),
  };
}

/** A copy of a tile under a new name and title, placed as a new tile is, in the original's size. */
export function duplicateTile(body: DashboardBody, name: string, title: string): { body: DashboardBody; name: string } {
  const original = body.definitions.find((d) => d.name === name);
  if (!original) return { body, name };
  const place = mainLayout(body).find((l) => l.name === name);
  const copyName = freeName(body, name.replace(/-\d+$/, ''));
  const copy: VisualDefinition = structuredClone({ ...original, name: copyName, width: place?.w ?? original.width, height: place?.h ?? original.height });
  copy.templateBindings.Header = title;
  return { body: addTile(body, copy), name: copyName };
}

export function removeTile(body: DashboardBody, name: string): DashboardBody {
  return {
    definitions: body.definitions.filter((d) => d.name !== name),
    layouts: mapLayouts(body, (layout) => layout.filter((l) => l.name !== name)),
  };
}

/** The tile's definition replaced (its name stays). */
export function updateTile(body: DashboardBody, definition: VisualDefinition): DashboardBody {
  return { ...body, definitions: body.definitions.map((d) => (d.name === definition.name ? definition : d)) };
}

const inMain = (body: DashboardBody, fn: (layout: LayoutItem[]) => LayoutItem[]): DashboardBody => ({
  ...body,
  layouts: mapLayouts(body, (layout, name) => (name === MAIN_LAYOUT ? fn(layout) : layout)),
});

export const moveIn = (body: DashboardBody, name: string, x: number, y: number): DashboardBody => inMain(body, (l) => moveTile(l, name, x, y));
export const resizeIn = (body: DashboardBody, name: string, w: number, h: number): DashboardBody => inMain(body, (l) => resizeTile(l, name, w, h));
