import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import { settled } from './helpers';
import { tile } from './visual-fixtures';
import type { ChartType } from '../../src/api/visual-types';

export type Harness = HTMLElement & Record<string, unknown>;

/** A tile of the visual library in the test harness, drawn from the fixtures for `template`. */
export async function mountTile(template: ChartType, extra: Record<string, unknown> = {}): Promise<Harness> {
  const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
  const t = tile(template);
  // Every tile reports drawn (a chart once its tile and legend are measured; a table or an empty tile at once).
  const drawn = oneEvent(el, 'cx-drawn');
  Object.assign(el, { item: t.item, definition: t.definition, ...extra });
  await settled(el);
  await drawn;
  // A tile of two drawings reports each: give the second a frame.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
  return el;
}
