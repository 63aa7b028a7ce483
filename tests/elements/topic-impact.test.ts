import { afterEach, describe, expect, it } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import { json, realFetch, server } from './fake-server';
import { shadow } from './helpers';
import { tile } from './visual-fixtures';
import type { TopicImpact, TopicImpactRow } from '../../src/api/text';
import type { Harness } from './mount-tile';
import { starterOf, visualsIn } from '../../src/lib/visual-catalogue';
import type { BuilderFields } from '../../src/api/dashboard-builder';

/** Issue 49: the topic-impact tile ranks topics by how far they move the NPS, with their counts. */

const row = (topicId: string, name: string, withNps: number, withoutNps: number, withCount: number, tooFew = false): TopicImpactRow => ({ topicId, name, withNps, withoutNps, difference: withNps - withoutNps, withCount, withoutCount: 1000 - withCount, tooFew });
const IMPACT: TopicImpact = {
  scale: 'nps',
  topics: [row('delivery', 'Delivery', -40, 12, 310), row('staff', 'Friendly staff', 52, 4, 220), row('app', 'Mobile app', -20, 8, 12, true), row('price', 'Price', 2, 5, 140)],
};

/** The tile in the harness, on source `responses`, its figures from the fake server. */
async function mount(answer: (path: string) => Response | undefined, settings: Record<string, unknown> = {}) {
  const calls = server((method, path) => (method === 'GET' ? answer(path) : undefined));
  const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as Harness;
  const base = tile('Gauge', 'impact');
  const drawn = oneEvent(el, 'cx-drawn');
  Object.assign(el, { moduleId: 'responses', item: { ...base.item, template: 'TopicImpact' }, definition: { ...base.definition, template: 'TopicImpact', templateBindings: { Header: 'Topic impact on NPS', ...settings, Query: { kind: 'kpi', measure: 'nps' } } } });
  await drawn;
  return { el, calls };
}
const rows = (el: Element) => [...shadow(el).querySelectorAll<SVGGElement>('g.impact-row')];
/** A row's target: its keyboard stop, its statement, its button. */
const target = (g: Element) => g.querySelector<SVGGElement>('.impact-target')!;

describe('<cx-visual> TopicImpact', () => {
  afterEach(realFetch);

  it('should be accessible', async () => {
    const { el } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined));
    await expect(el).to.be.accessible();
  });

  it("should ask for the source's topic impact with the tile's filters", async () => {
    const { calls } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined));
    const asked = calls.filter((c) => c.path === '/api/datasources/responses/topics/impact');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0].query.get('filters')!)).toEqual([]);
  });

  it('should rank topics by the NPS difference, lifting ones right of zero and lowering ones left', async () => {
    const { el } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined));
    const drawn = rows(el);
    expect(drawn.map((g) => g.querySelector('.impact-name')!.textContent)).toEqual(['Friendly staff · 220 mentions', 'Price · 140 mentions', 'Mobile app · 12 mentions · few mentions', 'Delivery · 310 mentions']);
    expect(drawn.map((g) => g.querySelector('.impact-value')!.textContent)).toEqual(['+48', '-3', '-28', '-52']);
    expect(drawn[0].querySelector('.impact-bar')!.classList.contains('up')).toBe(true);
    expect(drawn[3].querySelector('.impact-bar')!.classList.contains('down')).toBe(true);
    const zero = Number(shadow(el).querySelector('.impact-zero')!.getAttribute('x1'));
    expect(Number(drawn[0].querySelector('.impact-bar')!.getAttribute('x'))).toBeCloseTo(zero, 0);
    expect(Number(drawn[3].querySelector('.impact-bar')!.getAttribute('x'))).toBeLessThan(zero);
  });

  it('should mark topics with too few mentions and say so to screen readers', async () => {
    const { el } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined));
    const app = rows(el).find((g) => target(g).getAttribute('aria-label')!.startsWith('Mobile app'))!;
    expect(app.classList.contains('too-few')).toBe(true);
    expect(target(app).getAttribute('aria-label')).toBe('Mobile app: NPS 28 points lower with it (-20 from 12 responses against 8 from 988). Few mentions: read with care.');
  });

  it('should let the keyboard reach every topic', async () => {
    const { el } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined));
    for (const g of rows(el)) expect(target(g).getAttribute('tabindex')).toBe('0');
  });

  it('should filter by a topic on a click or with the keyboard when its clicks filter', async () => {
    const { el } = await mount((path) => (path.endsWith('/topics/impact') ? json(IMPACT) : undefined), { ClickBehaviour: 'Filter' });
    const delivery = target(rows(el).find((g) => target(g).getAttribute('aria-label')!.startsWith('Delivery'))!);
    expect(delivery.getAttribute('role')).toBe('button');
    const clicked = oneEvent(el, 'cx-select');
    delivery.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect((await clicked).detail).toEqual({ visualName: 'impact', axisKey: 'Topic', axisValue: 'Delivery', seriesKey: '', seriesValue: '' });
    const staff = target(rows(el).find((g) => target(g).getAttribute('aria-label')!.startsWith('Friendly staff'))!);
    const keyed = oneEvent(el, 'cx-select');
    staff.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect((await keyed).detail.axisValue).toBe('Friendly staff');
    await expect(el).to.be.accessible();
  });

  it('should say when no topic has been found, and when the figures cannot be read', async () => {
    const empty = await mount((path) => (path.endsWith('/topics/impact') ? json({ scale: 'nps', topics: [] }) : undefined));
    expect(shadow(empty.el).querySelector('.tile-body')!.textContent).toContain('No topic has been found');
    const failed = await mount((path) => (path.endsWith('/topics/impact') ? json({ contain_error: true, message: 'No such source.' }, 400) : undefined));
    expect(shadow(failed.el).querySelector('[role="alert"]')!.textContent).toContain('No such source.');
  });

  it('should be offered by the gallery for a source with a verbatim and a score, not without', () => {
    const field = (key: string, extra: object) => ({ key, name: key, typeName: 'String', dimension: false, ...extra });
    const fields = { moduleId: 'm', dateKey: 'Date', fields: [field('Date', { typeName: 'DateTime' }), field('Comment', { role: 'verbatim' }), field('Score', { role: 'score', typeName: 'Number', score: { kind: 'NPS' } })] } as unknown as BuilderFields;
    expect(visualsIn('comments')).toContain('TopicImpact');
    expect(starterOf('TopicImpact', fields, 'x')?.templateBindings).toMatchObject({ ClickBehaviour: 'Filter', Query: { kind: 'kpi', measure: 'nps' } });
    expect(starterOf('TopicImpact', { ...fields, fields: fields.fields.filter((f) => f.key !== 'Comment') }, 'x')).toBeNull();
    expect(starterOf('TopicImpact', { ...fields, fields: fields.fields.filter((f) => f.key !== 'Score') }, 'x')).toBeNull();
  });
});
