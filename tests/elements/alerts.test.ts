import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import '../../elements/cx-alerts';
import { json, realFetch, server, type Call } from './fake-server';
import type { Dimension } from '../../src/api/smartdata';
import { shadow } from './helpers';

afterEach(() => {
  realFetch();
  fixtureCleanup();
});

const dimension = (filterKey: string, values: string[]): Dimension => ({
  filterName: filterKey,
  filterKey,
  filterDataType: 'String',
  filterDimensionValues: values.map((v) => ({ dimensionValue: v, dimensionLabel: v, count: 1 })),
});
const REGION = dimension('Region', ['North', 'South']);
/** A source whose comments are read has Sentiment among its filters (server/text/dimensions.ts). */
const SENTIMENT = dimension('Sentiment', ['positive', 'neutral', 'negative']);

/** A portal with no alerts yet, the filters given, and `post` answering a new alert. */
function portal(filters: Dimension[], post: (call: Call) => Response = () => json([], 201)) {
  return server((method, path, call) => {
    if (method === 'GET' && path === '/api/alerts') return json([]);
    if (method === 'POST' && path === '/api/smartdata/filters/responses') return json({ moduleId: 'responses', recordCount: 10, smartFilters: filters });
    if (method === 'POST' && path === '/api/alerts') return post(call);
    return undefined;
  });
}

const mount = () => fixture('<cx-alerts api-base="http://portal.test"></cx-alerts>');
/** The measures the new alert's form offers (its first select). */
const measures = (el: Element) => [...shadow(el).querySelector<HTMLSelectElement>('.new-alert select')!.options].map((o) => o.value);

describe('<cx-alerts> net sentiment', () => {
  it('should offer net sentiment for a source whose comments are read, and send it', async () => {
    const calls = portal([REGION, SENTIMENT]);
    const el = await mount();
    const measure = page.getByLabelText('Measure').last();
    await expect.element(measure).toBeVisible();
    expect(measures(el)).toContain('netSentiment');
    await measure.selectOptions('Net sentiment of comments');
    await page.getByLabelText('Name').last().fill('Mood');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await expect.poll(() => calls.find((c) => c.method === 'POST' && c.path === '/api/alerts')?.body).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'POST' && c.path === '/api/alerts')!.body)).toMatchObject({ name: 'Mood', measure: 'netSentiment', condition: 'below' });
    await expect(el).to.be.accessible();
  });

  it('should not offer net sentiment for a source without comments', async () => {
    portal([REGION]);
    const el = await mount();
    await expect.element(page.getByLabelText('Measure').last()).toBeVisible();
    expect(measures(el)).toEqual(['nps', 'stars', 'detractors', 'driverShare']);
  });

  it("should show the server's refusal of a measure the data cannot give beside the measure", async () => {
    const refusal = 'There is no data "responses" to watch: the data source "responses" has no comments to read a sentiment from, so no net sentiment to watch.';
    portal([REGION, SENTIMENT], () => json({ message: refusal, errors: { moduleId: [refusal] } }, 400));
    const el = await mount();
    await page.getByLabelText('Measure').last().selectOptions('Net sentiment of comments');
    await page.getByLabelText('Name').last().fill('Mood');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await expect.poll(() => shadow(el).querySelector('#alert-moduleId-error')?.textContent).toBe(refusal);
    expect(shadow(el).querySelector('.new-alert select')!.getAttribute('aria-invalid')).toBe('true');
    await expect(el).to.be.accessible();
  });
});
