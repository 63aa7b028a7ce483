import { afterEach, describe, expect, it } from 'vitest';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { defineElement } from '../../src/elements/define';
import styles from '../../src/dashboard/builder/builder.css?inline';
import { shadow } from './helpers';

afterEach(() => fixtureCleanup());

/** A test-only element: the builder's body with its settings open, as the builder lays it out. */
function BuilderLayout() {
  return (
    <div className="builder">
      <div className="builder-body with-settings">
        <div className="grid" />
        <section className="tile-settings" aria-label="Tile settings" />
      </div>
    </div>
  );
}
defineElement({ tag: 'cx-test-builder-layout', component: BuilderLayout, styles, attributes: [] });

const columnsAt = async (width: number) => {
  const el = await fixture(`<cx-test-builder-layout style="display: block; width: ${width}px"></cx-test-builder-layout>`);
  await expect.poll(() => shadow(el).querySelector('.builder-body')).toBeTruthy();
  const body = shadow(el).querySelector<HTMLElement>('.builder-body')!;
  return getComputedStyle(body).gridTemplateColumns.split(' ').map(parseFloat);
};

describe('the builder with a tile’s settings open', () => {
  it('should put the settings beside the grid when wide, and below it when narrow', async () => {
    expect(await columnsAt(1200)).toEqual([864, 320]);
    fixtureCleanup();
    // A slim embed or a phone: one column, the grid keeps the whole width.
    expect(await columnsAt(480)).toEqual([480]);
  });
});
