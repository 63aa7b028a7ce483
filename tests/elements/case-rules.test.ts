import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import '../../elements/cx-case-rules';
import { json, realFetch, server, type Call } from './fake-server';
import type { DataSource } from '../../src/api/datasources';
import type { CaseRule, CaseRuleInput, CaseSettings, RuleColumn, RuleOptions } from '../../src/api/caserules';
import type { SurveySummary } from '../../src/api/surveys';
import { shadow, spyConsoleError } from './helpers';

afterEach(() => {
  realFetch();
  // The page's locators (as the end-to-end test uses them) then find this test's element only.
  fixtureCleanup();
});

const source = (id: string, name: string): DataSource => ({ id, name, builtin: false, state: 'ready', rows: 10, lastImportAt: null, roles: [], dateKey: null, columns: [] });
const SOURCES = [source('responses', 'Survey responses'), source('store-survey', 'Store survey')];

const OPTIONS: RuleOptions = {
  columns: [
    { key: 'NPS', name: 'NPS', role: 'score', typeName: 'Number', score: { kind: 'NPS', min: 0, max: 10 } },
    { key: 'Region', name: 'Region', role: 'dimension', typeName: 'String', values: ['North', 'South', 'East'] },
    { key: 'Store', name: 'Store', role: 'dimension', typeName: 'String' },
    { key: 'Comment', name: 'Comment', role: 'verbatim', typeName: 'String' },
    { key: 'Email', name: 'E-mail', role: 'customer', typeName: 'String' },
    // What the server says a column fits wins over its role: a rating kept as a dimension, a searchable name.
    { key: 'Stars', name: 'Star rating', role: 'score', typeName: 'Number', score: { kind: 'Rating', min: 1, max: 5 }, values: ['1', '2', '3', '4', '5'], fits: { score: true, values: true, words: false } },
    { key: 'CustomerName', name: 'Customer', role: 'customer', typeName: 'String', fits: { score: false, values: false, words: true } },
  ],
  queues: ['Complaints', 'Detractors'],
  users: [{ id: 'u1', name: 'Nora North', role: 'PortalUser' }],
  roles: ['PortalAdmin', 'PortalUser'],
  groups: [{ id: 'g1', name: 'North team' }],
  casesOpen: true,
};

/** What the user builds in the form: detractors in the North mentioning a refund, to the North team in turn. */
const BUILT: CaseRuleInput = {
  sourceId: 'responses',
  name: 'Detractors in the North',
  enabled: true,
  conditions: [
    { kind: 'score', column: 'NPS', atMost: 6 },
    { kind: 'values', column: 'Region', values: ['North'] },
    { kind: 'words', column: 'Comment', words: ['refund', 'money back'] },
  ],
  queue: 'Detractors',
  owner: { kind: 'group', groupId: 'g1' },
  priority: 'High',
};
const stored = (input: CaseRuleInput, id: string): CaseRule => ({ ...input, id, createdAt: '2026-03-01T09:00:00Z', updatedAt: '2026-03-01T09:00:00Z', updatedBy: 'Ada Admin' });
const RULE = stored({ ...BUILT, conditions: BUILT.conditions.map((c) => (c.kind === 'words' ? { ...c, words: ['refund'] } : c)) }, 'r1');

const SETTINGS: CaseSettings = {
  queues: [
    { name: 'Detractors', firstResponseHours: { High: 4, Normal: 8, Low: 24 }, resolutionHours: { High: 24, Normal: 48, Low: 96 }, calendar: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', timeZone: 'Europe/Berlin' } },
  ],
  sources: [{ sourceId: 'responses', rootCauses: ['Price', 'Staff', 'Waiting time'], recoverySurvey: null, suppressionDays: 90 }],
};
const survey = (shortcode: string, title: string, status: SurveySummary['status']): SurveySummary => ({ shortcode, title: { en: title }, status, responses: 0, updatedAt: '2026-03-01T09:00:00Z', updatedBy: null, unpublishedChanges: false });
const SURVEYS = [survey('RECOVER1', 'Did we fix it?', 'published'), survey('DRAFT1', 'Draft survey', 'draft')];

/** A portal with the sources, OPTIONS for each (casesOpen as given), `rules`, and `more` routes first. */
function portal(rules: CaseRule[], more: (method: string, path: string, call: Call) => Response | undefined = () => undefined, casesOpen: (id: string) => boolean = (id) => id === 'responses') {
  return server((method, path, call) => {
    const mine = more(method, path, call);
    if (mine) return mine;
    if (method === 'GET' && path === '/api/datasources') return json(SOURCES);
    if (method === 'GET' && path === '/api/caserules/options') return json({ ...OPTIONS, casesOpen: casesOpen(call.query.get('sourceId')!) });
    if (method === 'GET' && path === '/api/caserules') return json({ rules: rules.filter((r) => r.sourceId === call.query.get('sourceId')) });
    if (method === 'GET' && path === '/api/casesettings') return json(SETTINGS);
    if (method === 'GET' && path === '/api/surveys') return json(SURVEYS);
    return undefined;
  });
}

const mount = (attrs = '') => fixture(`<cx-case-rules api-base="http://portal.test" ${attrs}></cx-case-rules>`);
const text = (el: Element) => shadow(el).textContent ?? '';
const bodyOf = (calls: Call[], method: string, path: string) => {
  const call = calls.find((c) => c.method === method && c.path === path);
  return call ? JSON.parse(call.body) : undefined;
};

/** Fills the form as a user would, by the labels the end-to-end test uses. */
async function buildRule() {
  await userEvent.fill(page.getByLabelText('Name', { exact: true }), BUILT.name);
  const add = page.getByRole('button', { name: 'Add a condition' });
  await add.click();
  await expect.element(page.getByLabelText('Field of condition 1')).toHaveValue('NPS');
  await userEvent.fill(page.getByLabelText('At most of condition 1'), '6');
  await add.click();
  await page.getByLabelText('Field of condition 2').selectOptions('Region');
  await page.getByRole('group', { name: 'Values of condition 2' }).getByLabelText('North').click();
  await add.click();
  await page.getByLabelText('Field of condition 3').selectOptions('Comment');
  await userEvent.fill(page.getByLabelText('Words of condition 3'), 'refund, money back');
  await page.getByLabelText('Queue').selectOptions('Detractors');
  await page.getByLabelText('Owner').selectOptions('Round-robin within North team');
  await page.getByLabelText('Priority').selectOptions('High');
}

describe('<cx-case-rules> rules', () => {
  it("should list the source's rules with their conditions in words, accessibly", async () => {
    portal([RULE]);
    const el = await mount();
    await expect.poll(() => shadow(el).querySelectorAll('table.rules tbody tr').length).toBe(1);
    const cells = [...shadow(el).querySelectorAll('table.rules tbody tr > *')].map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Detractors in the North', 'NPS ≤ 6 · Region is North · Comment mentions refund', 'Detractors', 'Round-robin within North team', 'High']);
    await expect.element(page.getByRole('switch', { name: 'Detractors in the North switched on' })).toBeChecked();
    await expect(el).to.be.accessible();
  });

  it('should build a rule with the form and send the contract’s body, then list it', async () => {
    const calls = portal([], (method, path, call) => (method === 'POST' && path === '/api/caserules' ? json(stored(JSON.parse(call.body), 'r9'), 201) : undefined));
    const el = await mount();
    await expect.element(page.getByText('No rules yet for this source: add one.')).toBeVisible();
    await buildRule();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => bodyOf(calls, 'POST', '/api/caserules')).toEqual(BUILT);
    await expect.poll(() => shadow(el).querySelector('table.rules tbody th')?.textContent).toBe('Detractors in the North');
    expect(text(el)).toContain('NPS ≤ 6 · Region is North · Comment mentions refund or money back');
    // A new, empty form follows.
    await expect.element(page.getByLabelText('Name', { exact: true })).toHaveValue('');
  });

  it('should say what the rule would have opened in the last 30 days, with sample rows, in a live region', async () => {
    const calls = portal([], (method, path) =>
      method === 'POST' && path === '/api/caserules/preview'
        ? json({ days: 30, matches: 412, message: 'This rule would have opened 412 cases in the last 30 days.', sample: [{ Comment: 'I want a refund', NPS: 3, Region: 'North' }], columns: [{ key: 'NPS', name: 'Likelihood to recommend' }] })
        : undefined,
    );
    const el = await mount();
    await buildRule();
    await page.getByRole('button', { name: 'Test against the last 30 days' }).click();
    await expect.poll(() => shadow(el).querySelector('.preview-message')?.textContent).toBe('This rule would have opened 412 cases in the last 30 days.');
    expect(shadow(el).querySelector('.preview-message')!.getAttribute('role')).toBe('status');
    expect(bodyOf(calls, 'POST', '/api/caserules/preview')).toEqual(BUILT);
    // The preview's own columns first, by their names; the others as the options name them.
    expect([...shadow(el).querySelectorAll('table.sample th')].map((th) => th.textContent)).toEqual(['Likelihood to recommend', 'Region', 'Comment']);
    expect([...shadow(el).querySelectorAll('table.sample td')].map((td) => td.textContent)).toEqual(['3', 'North', 'I want a refund']);
    await expect(el).to.be.accessible();
    // A change to the rule takes the answer away: it spoke of the rule as tested.
    await userEvent.fill(page.getByLabelText('At most of condition 1'), '4');
    expect(shadow(el).querySelector('.preview-message')!.textContent).toBe('');
  });

  it("should show a 400's field errors beside their fields and keep what was typed", async () => {
    portal([], (method, path) =>
      method === 'POST' && path === '/api/caserules'
        ? json({ message: 'name: A rule with this name exists.', errors: { name: ['A rule with this name exists.'], 'conditions.0.atMost': ['At most lies from 0 to 10.'], 'owner.groupId': ['This group no longer exists.'] } }, 400)
        : undefined,
    );
    const el = await mount();
    await buildRule();
    await page.getByRole('button', { name: 'Save rule' }).click();
    const name = page.getByLabelText('Name', { exact: true });
    await expect.element(name).toHaveAccessibleDescription('A rule with this name exists.');
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByLabelText('At most of condition 1')).toHaveAccessibleDescription('From 0 to 10. At most lies from 0 to 10.');
    await expect.element(page.getByLabelText('Owner')).toHaveAccessibleDescription('This group no longer exists.');
    // Everything typed is still there.
    await expect.element(name).toHaveValue('Detractors in the North');
    await expect.element(page.getByLabelText('At most of condition 1')).toHaveValue(6);
    await expect.element(page.getByRole('group', { name: 'Values of condition 2' }).getByLabelText('North')).toBeChecked();
    await expect.element(page.getByLabelText('Words of condition 3')).toHaveValue('refund, money back');
    await expect.element(page.getByLabelText('Queue')).toHaveValue('Detractors');
    await expect.element(page.getByLabelText('Owner')).toHaveValue('group:g1');
    await expect.element(page.getByLabelText('Priority')).toHaveValue('High');
    await expect(el).to.be.accessible();
  });

  it('should offer each kind of condition a column fits, and send the kind chosen', async () => {
    const calls = portal([], (method, path) => (method === 'POST' && path === '/api/caserules/preview' ? json({ days: 30, matches: 2, message: 'This rule would have opened 2 cases in the last 30 days.', sample: [] }) : undefined));
    const el = await mount();
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'Low stars');
    await page.getByRole('button', { name: 'Add a condition' }).click();
    // NPS is a score only: no choice of kind.
    expect(shadow(el).querySelector('fieldset.condition')!.textContent).not.toContain('Kind of condition 1');
    await page.getByLabelText('Field of condition 1').selectOptions('Star rating');
    await expect.element(page.getByLabelText('Kind of condition 1')).toHaveValue('score');
    await expect.element(page.getByText('From 1 to 5.')).toBeVisible();
    await page.getByLabelText('Kind of condition 1').selectOptions('One of some values');
    const stars = page.getByRole('group', { name: 'Values of condition 1' });
    await stars.getByLabelText('1').click();
    await stars.getByLabelText('2').click();
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByLabelText('Field of condition 2').selectOptions('Customer');
    await userEvent.fill(page.getByLabelText('Words of condition 2'), 'Smith');
    await page.getByRole('button', { name: 'Test against the last 30 days' }).click();
    await expect.poll(() => bodyOf(calls, 'POST', '/api/caserules/preview')?.conditions).toEqual([
      { kind: 'values', column: 'Stars', values: ['1', '2'] },
      { kind: 'words', column: 'CustomerName', words: ['Smith'] },
    ]);
    await expect(el).to.be.accessible();
  });

  it("should offer the comments' Sentiment as values (its three labels) and SentimentScore as a score from -1 to 1", async () => {
    // As the server describes them: a label that is a score by role, yet fits values only; a number from -1 to 1.
    const sentiment: RuleColumn[] = [
      { key: 'Sentiment', name: 'Sentiment', role: 'score', typeName: 'String', score: { kind: 'Sentiment' }, values: ['positive', 'neutral', 'negative'], fits: { score: false, values: true, words: false } },
      { key: 'SentimentScore', name: 'Sentiment score', role: 'score', typeName: 'Number', score: { kind: 'Sentiment', min: -1, max: 1 }, fits: { score: true, values: false, words: false } },
    ];
    const calls = portal([], (method, path) => {
      if (method === 'GET' && path === '/api/caserules/options') return json({ ...OPTIONS, columns: [...OPTIONS.columns, ...sentiment], casesOpen: true });
      if (method === 'POST' && path === '/api/caserules/preview') return json({ days: 30, matches: 3, message: 'This rule would have opened 3 cases in the last 30 days.', sample: [] });
      return undefined;
    });
    const el = await mount();
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'Unhappy comments');
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByLabelText('Field of condition 1').selectOptions('Sentiment');
    const option = (key: string) => shadow(el).querySelector(`fieldset.condition option[value="${key}"]`)!;
    expect((option('Sentiment').parentElement as HTMLOptGroupElement).label).toBe('Dimensions and drivers');
    expect((option('SentimentScore').parentElement as HTMLOptGroupElement).label).toBe('Scores');
    // Values only: no choice of kind, no "at most".
    expect(shadow(el).querySelector('fieldset.condition')!.textContent).not.toContain('Kind of condition 1');
    expect([...shadow(el).querySelectorAll('fieldset.condition .values label')].map((l) => l.textContent)).toEqual(['positive', 'neutral', 'negative']);
    await page.getByRole('group', { name: 'Values of condition 1' }).getByLabelText('negative').click();
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByLabelText('Field of condition 2').selectOptions('Sentiment score');
    await expect.element(page.getByText('From -1 to 1.')).toBeVisible();
    await userEvent.fill(page.getByLabelText('At most of condition 2'), '-0.3');
    await page.getByRole('button', { name: 'Test against the last 30 days' }).click();
    await expect.poll(() => bodyOf(calls, 'POST', '/api/caserules/preview')?.conditions).toEqual([
      { kind: 'values', column: 'Sentiment', values: ['negative'] },
      { kind: 'score', column: 'SentimentScore', atMost: -0.3 },
    ]);
    await expect(el).to.be.accessible();
  });

  it('should switch a rule off with PATCH, and delete it only once confirmed', async () => {
    const calls = portal([RULE], (method, path, call) => {
      if (method === 'PATCH' && path === '/api/caserules/r1') return json({ ...RULE, enabled: JSON.parse(call.body).enabled });
      if (method === 'DELETE' && path === '/api/caserules/r1') return json(null, 204);
      return undefined;
    });
    const el = await mount();
    const toggle = page.getByRole('switch', { name: 'Detractors in the North switched on' });
    await toggle.click();
    await expect.poll(() => bodyOf(calls, 'PATCH', '/api/caserules/r1')).toEqual({ enabled: false });
    await expect.element(toggle).not.toBeChecked();
    await expect.poll(() => text(el)).toContain('The rule “Detractors in the North” is switched off.');
    await page.getByRole('button', { name: 'Delete Detractors in the North' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the rule “Detractors in the North”?' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await page.getByRole('button', { name: 'Delete Detractors in the North' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/caserules/r1')).toBe(true);
    await expect.element(page.getByText('No rules yet for this source: add one.')).toBeVisible();
  });

  it('should edit a rule with PUT, the form filled from it', async () => {
    const calls = portal([RULE], (method, path, call) => (method === 'PUT' && path === '/api/caserules/r1' ? json(stored(JSON.parse(call.body), 'r1')) : undefined));
    const el = await mount();
    await page.getByRole('button', { name: 'Edit Detractors in the North' }).click();
    await expect.element(page.getByLabelText('Name', { exact: true })).toHaveValue('Detractors in the North');
    await expect.element(page.getByLabelText('Words of condition 3')).toHaveValue('refund');
    await page.getByLabelText('Priority').selectOptions('Low');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => bodyOf(calls, 'PUT', '/api/caserules/r1')).toEqual({ ...BUILT, conditions: RULE.conditions, priority: 'Low' });
    await expect.poll(() => shadow(el).querySelector('table.rules tbody tr td:nth-of-type(4)')?.textContent).toBe('Low');
  });

  it('should say when the rows of a source cannot become cases yet, and still offer the form', async () => {
    portal([], undefined, () => false);
    const el = await mount('source-id="store-survey"');
    await expect.poll(() => text(el)).toContain('Rows of this source cannot become cases yet.');
    await expect.element(page.getByLabelText('Data source')).toHaveValue('store-survey');
    await expect.element(page.getByRole('button', { name: 'Save rule' })).toBeVisible();
    await expect(el).to.be.accessible();
  });

  it('should say when the rules cannot be loaded, accessibly', async () => {
    spyConsoleError();
    server((method, path) => (path === '/api/datasources' ? json(SOURCES) : method === 'GET' && path.startsWith('/api/caserules') ? json({ message: 'The rules store is closed.' }, 400) : undefined));
    const el = await mount();
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toBe('The rules store is closed.');
    await expect(el).to.be.accessible();
  });

  it('should be usable by keyboard: the tabs by arrow keys, every control of the form by Tab', async () => {
    portal([RULE]);
    const el = await mount();
    await expect.poll(() => shadow(el).querySelectorAll('table.rules tbody tr').length).toBe(1);
    const focused = () => {
      const active = shadow(el).activeElement as HTMLElement | null;
      if (!active) return '';
      const label = active.closest('label');
      return active.getAttribute('aria-label') ?? (label ? [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim() : active.textContent?.trim()) ?? '';
    };
    (shadow(el).querySelector('select') as HTMLSelectElement).focus();
    const reached: string[] = [];
    for (let i = 0; i < 30 && !reached.includes('Save rule'); i++) {
      await userEvent.tab();
      reached.push(focused());
      if (focused() !== 'Add a condition' || reached.includes('Field of condition 1')) continue;
      // Enter adds a condition, whose first field takes the focus.
      await userEvent.keyboard('{Enter}');
      await expect.poll(focused).toBe('Field of condition 1');
      reached.push(focused());
    }
    expect(reached).toEqual(
      expect.arrayContaining(['Rules', 'Detractors in the North switched on', 'Name', 'Add a condition', 'Field of condition 1', 'At most of condition 1', 'At least of condition 1', 'Remove condition 1', 'Queue', 'Owner', 'Priority', 'Switched on', 'Test against the last 30 days', 'Save rule']),
    );
    // Removing a condition gives the focus back to "Add a condition".
    (shadow(el).querySelector('fieldset.condition button.remove') as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(focused).toBe('Add a condition');
    // The tab list: one stop, arrow keys move between its tabs.
    expect(reached.filter((r) => r === 'Queues and closing')).toEqual([]);
    (shadow(el).querySelector('#tab-rules') as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('Queues and closing');
    await expect.element(page.getByRole('tab', { name: 'Queues and closing' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('heading', { name: 'Queues' })).toBeVisible();
  });
});

describe('<cx-case-rules> queues and closing', () => {
  it('should add a queue with its deadlines and calendar by PUT, accessibly', async () => {
    const calls = portal([], (method, path, call) => (method === 'PUT' && path.startsWith('/api/casesettings/queues/') ? json(JSON.parse(call.body)) : undefined));
    const el = await mount();
    await page.getByRole('tab', { name: 'Queues and closing' }).click();
    await expect.poll(() => text(el)).toContain('High 4 h · Normal 8 h · Low 24 h');
    expect(text(el)).toContain('Mon, Tue, Wed, Thu, Fri · 09:00–17:00 · Europe/Berlin');
    await expect(el).to.be.accessible();
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'Complaints');
    await userEvent.fill(page.getByLabelText('First response in hours, High'), '2');
    await userEvent.fill(page.getByLabelText('Resolution in hours, Low'), '200');
    await page.getByRole('group', { name: 'Working days' }).getByLabelText('Saturday').click();
    await page.getByRole('group', { name: 'Working days' }).getByLabelText('Monday').click();
    await userEvent.fill(page.getByLabelText('Time zone'), 'Europe/London');
    await page.getByRole('button', { name: 'Save queue' }).click();
    await expect.poll(() => calls.find((c) => c.method === 'PUT')?.path).toBe('/api/casesettings/queues/Complaints');
    expect(bodyOf(calls, 'PUT', '/api/casesettings/queues/Complaints')).toEqual({
      name: 'Complaints',
      firstResponseHours: { High: 2, Normal: 8, Low: 24 },
      resolutionHours: { High: 24, Normal: 48, Low: 200 },
      calendar: { days: [2, 3, 4, 5, 6], start: '09:00', end: '17:00', timeZone: 'Europe/London' },
    });
    await expect.poll(() => shadow(el).querySelectorAll('table.queues tbody tr').length).toBe(2);
  });

  it('should say why a queue in use cannot be deleted', async () => {
    portal([], (method, path) => (method === 'DELETE' && path === '/api/casesettings/queues/Detractors' ? json({ message: 'The rule “Detractors in the North” uses this queue.' }, 400) : undefined));
    const el = await mount();
    await page.getByRole('tab', { name: 'Queues and closing' }).click();
    await page.getByRole('button', { name: 'Delete Detractors' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toBe('The rule “Detractors in the North” uses this queue.');
    expect(shadow(el).querySelectorAll('table.queues tbody tr')).toHaveLength(1);
  });

  it("should save the source's root causes in their new order, the recovery survey and the suppression days", async () => {
    const calls = portal([], (method, path, call) => (method === 'PUT' && path === '/api/casesettings/sources/responses' ? json({ sourceId: 'responses', ...JSON.parse(call.body) }) : undefined));
    const el = await mount();
    await page.getByRole('tab', { name: 'Queues and closing' }).click();
    await expect.element(page.getByLabelText('Recovery survey')).toBeVisible();
    // Only published surveys are offered.
    await expect.poll(() => [...shadow(el).querySelectorAll('.closing-form select option')].map((o) => o.textContent)).toEqual(['None', 'Did we fix it?']);
    await page.getByRole('button', { name: 'Move Waiting time up' }).click();
    // The moved cause's button keeps the focus.
    expect((shadow(el).activeElement as HTMLElement).getAttribute('aria-label')).toBe('Move Waiting time up');
    await page.getByRole('button', { name: 'Remove Price' }).click();
    await userEvent.fill(page.getByLabelText('New root cause'), 'Product fault');
    await userEvent.keyboard('{Enter}');
    await page.getByLabelText('Recovery survey').selectOptions('Did we fix it?');
    await userEvent.fill(page.getByLabelText('Ask one customer again only after (days)'), '60');
    await page.getByRole('button', { name: 'Save closing settings' }).click();
    await expect.poll(() => bodyOf(calls, 'PUT', '/api/casesettings/sources/responses')).toEqual({ rootCauses: ['Waiting time', 'Staff', 'Product fault'], recoverySurvey: 'RECOVER1', suppressionDays: 60 });
    await expect.poll(() => text(el)).toContain('The closing settings of Survey responses have been saved.');
    await expect(el).to.be.accessible();
  });

  it('should speak German with lang="de"', async () => {
    portal([RULE]);
    const el = await mount('lang="de"');
    await expect.poll(() => shadow(el).querySelector('h1')?.textContent).toBe('Fallregeln');
    await expect.poll(() => text(el)).toContain('NPS ≤ 6 · Region ist North · Comment erwähnt refund');
    expect(text(el)).toContain('Mit den letzten 30 Tagen testen');
  });
});
