import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { harnessWithUsers, type Harness } from './harness';

let h: Harness;
let user: string;
let north: string;
let admin: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(3000));
  admin = await h.signIn('portaladmin@demo.cx');
});
afterAll(() => h.close());

const PF = '/api/processflow/cases';
const page = (queue: string, body: object = {}, token = user) => h.call('POST', `${PF}/queue/${queue}/PF`, { token, body: { skip: 0, top: 20, ...body } });
const detail = (id: number, token = user) => h.call('GET', `${PF}/processFlowObject/${id}/PF`, { token });
const act = (pfoId: string, body: object, token = user) => h.call('POST', `${PF}/processFlowObject/action/${pfoId}`, { token, body });
const props = (p: object) => JSON.stringify(p);

describe('process-flow queues', () => {
  it('lists the four queues and My cases and counts them under the caller’s claims, the same as the pages say', async () => {
    const queues = (await h.call('GET', `${PF}/queues`, { token: user })).body;
    expect(queues.map((q: { name: string; tag: string }) => [q.name, q.tag])).toEqual([['New', 'Initial'], ['Mine', 'Mine'], ['Working', 'InProgress'], ['Closed', 'Final'], ['All', 'All']]);
    const counts = (await h.call('GET', `${PF}/queuecounts`, { token: user })).body;
    for (const { name, count } of counts) expect((await page(name)).body.recordCount).toBe(count);
    const all = counts.find((c: { name: string }) => c.name === 'All').count;
    expect(all).toBe(counts.filter((c: { name: string }) => c.name !== 'All' && c.name !== 'Mine').reduce((n: number, c: { count: number }) => n + c.count, 0));
    // My cases: the caller's open cases, and only theirs.
    const [own] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM cases WHERE module_id = 'cases' AND allocated_to_user_id = 'u-portaluser' AND state IN ('New', 'Assigned', 'InProgress')");
    expect(counts.find((c: { name: string }) => c.name === 'Mine').count).toBe(Number(own.n));
    expect(Number(own.n)).toBeGreaterThan(0);
    expect(new Set((await page('Mine', { top: 100 })).body.data.map((r: { AllocatedToUserId: string }) => r.AllocatedToUserId))).toEqual(new Set(['u-portaluser']));
    const [row] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE nps_group = 'Detractor' OR stars <= 2 OR id % 20 = 0");
    expect(all).toBe(Number(row.n));

    const northCounts = (await h.call('GET', `${PF}/queuecounts`, { token: north })).body;
    const [mine] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE c.module_id = 'cases' AND r.region = 'North'");
    expect(northCounts.find((c: { name: string }) => c.name === 'All').count).toBe(Number(mine.n));
    const regions = new Set((await page('All', { top: 200 }, north)).body.data.map((r: { Region: string }) => r.Region));
    expect([...regions]).toEqual(['North']);
  });

  it('pages in a stable order, filters by the smart filters, and refuses unknown queues, fields and roles', async () => {
    const first = (await page('All', { orderByFields: ['ResponseDate'], orderByOperator: 'DESC', top: 10 })).body.data;
    const second = (await page('All', { orderByFields: ['ResponseDate'], orderByOperator: 'DESC', skip: 10, top: 10 })).body.data;
    expect(new Set([...first, ...second].map((r: { ProcessFlowObjectId: string }) => r.ProcessFlowObjectId)).size).toBe(20);
    expect(first[0]).toMatchObject({ State: expect.any(String), Hot_ProcessFlow_State: first[0].State, ProcessFlow_State: first[0].State, Tags: expect.any(Array) });
    const online = (await page('All', { smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }], top: 50 })).body.data;
    expect(online.every((r: { Channel: string }) => r.Channel === 'Online')).toBe(true);
    expect((await page('Nope')).status).toBe(404);
    expect((await h.call('GET', '/api/processflow/responses/queues', { token: user })).status).toBe(404);
    expect((await page('All', { orderByFields: ['password_hash'] })).status).toBe(400);
    const editor = await h.signIn('surveyeditor@demo.cx');
    expect((await h.call('GET', `${PF}/queues`, { token: editor })).status).toBe(403);
    expect((await h.call('GET', `${PF}/queues`)).status).toBe(401);
  });

  it('counts the cases behind each filter value (not the responses), under the caller’s claims', async () => {
    const filters = (token: string, body: object = {}) => h.call('POST', '/api/processflow/smartdata/filters/cases', { token, body });
    const channelCounts = (answer: { smartFilters: Array<{ filterKey: string; filterDimensionValues: Array<{ dimensionValue: string; count: number }> }> }) =>
      Object.fromEntries(answer.smartFilters.find((f) => f.filterKey === 'Channel')!.filterDimensionValues.map((v) => [v.dimensionValue, v.count]));
    const all = (await filters(user)).body;
    expect(all.recordCount).toBe((await page('All')).body.recordCount);
    const rows = await h.db.query<{ channel: string; n: number }>("SELECT channel, count(*) AS n FROM cases WHERE module_id = 'cases' GROUP BY channel");
    expect(channelCounts(all)).toEqual(Object.fromEntries(rows.map((r) => [r.channel, Number(r.n)])));
    // Narrowed by a filter: the count is the queue's under the same filter.
    const online = (await filters(user, { smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] })).body;
    expect(online.recordCount).toBe((await page('All', { smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] })).body.recordCount);
    // A restricted user counts only their region's cases.
    const northern = (await filters(north)).body;
    expect(northern.recordCount).toBe((await page('All', {}, north)).body.recordCount);
    expect(northern.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);
    expect((await h.call('POST', '/api/processflow/smartdata/filters/responses', { token: user, body: {} })).status).toBe(404);
    const editor = await h.signIn('surveyeditor@demo.cx');
    expect((await filters(editor)).status).toBe(403);
  });

  it("counts a queue's filter values over that queue's cases: 'North (n)' in New leads to n cases", async () => {
    const queueFilters = (queue: string, token = user) => h.call('POST', `/api/processflow/smartdata/queue/${queue}/filters/cases`, { token, body: {} });
    for (const queue of ['New', 'Working', 'Closed', 'All']) {
      const answer = (await queueFilters(queue)).body;
      expect(answer.recordCount, queue).toBe((await page(queue)).body.recordCount);
      const regions = answer.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues;
      for (const { dimensionValue, count } of regions) {
        const shown = (await page(queue, { smartFilters: [{ filterKey: 'Region', filterValue: dimensionValue }] })).body.recordCount;
        expect(count, `${queue}: ${dimensionValue}`).toBe(shown);
      }
    }
    expect((await queueFilters('Nope')).status).toBe(404);
    expect((await queueFilters('New', await h.signIn('surveyeditor@demo.cx'))).status).toBe(403);
  });
});

describe('a case worked from New to Resolved', () => {
  it('takes an allocation with a mention, a tag, an e-mail and transitions, each with its history entry', async () => {
    const [newCase] = (await page('New', { top: 1 })).body.data;
    const id = newCase.SourceObjectId as number;
    let answer = (await detail(id)).body;
    const pfo = answer.processFlowObject.processFlowObjectId;
    expect(answer.processFlowObject.properties.State).toBe('New');
    expect(answer.permittedActionGroups.map((g: { name: string }) => g.name)).toEqual(['Change status', 'Assign', 'Contact customer', 'Tags']);
    const before = (await h.call('GET', `${PF}/processFlowObjectHistory/${pfo}`, { token: user })).body.length;

    // Validation: an allocation needs a comment, a user and a role.
    expect((await act(pfo, { actionName: 'Assign', comment: '' })).body.validationResults[0].messages).toEqual(['Add a comment.', 'Choose a user and a role to assign the case to.']);
    const people = (await h.call('GET', '/api/processflow/validUserAllocations', { token: user })).body;
    const paul = people.find((g: { role: string }) => g.role === 'PortalAdmin').users.find((u: { userId: string }) => u.userId === 'u-portaladmin');
    const assigned = await act(pfo, { actionName: 'Assign', comment: 'Over to you @Paul Admin', actionProperties: props({ userId: paul.userId, role: 'PortalAdmin', mentions: ['u-portaladmin'], version: answer.processFlowObject.version }) });
    expect(assigned.status).toBe(200);
    expect(assigned.body.processFlowObject.properties).toMatchObject({ State: 'Assigned', AllocatedToUserName: 'Paul Admin', AllocatedToRole: 'PortalAdmin', LastActionName: 'Assign' });
    expect(assigned.body.actionHistoryRecord).toMatchObject({ fromState: 'New', toState: 'Assigned', userName: 'Petra User', comment: 'Over to you @Paul Admin' });
    const [note] = await h.db.query<{ text: string }>("SELECT text FROM notifications WHERE user_id = 'u-portaladmin' AND pfo_id = $1", [pfo]);
    expect(note.text).toContain('Petra User mentioned you');

    // Tags: lower-cased, refused characters and duplicates said in the spec's words.
    const tag = (tagValue: string, operation = 0) => act(pfo, { actionName: 'Tag', actionProperties: props({ tags: [{ tagValue }], operation }) });
    // The seed may have tagged the case already.
    const seeded = (answer.processFlowObject.tags as Array<{ tagValue: string }>).map((t) => t.tagValue).filter((t) => t !== 'refund');
    expect((await tag('Refund')).body.processFlowObject.tags).toContainEqual({ tagId: 'refund', tagValue: 'refund' });
    expect((await tag('a|b')).body.validationResults[0].messages).toEqual(['The following characters are not allowed: | ,']);
    expect((await tag('REFUND')).body.validationResults[0].messages).toEqual(['Tag already exists']);
    expect((await h.call('GET', `/api/processflow/getSourceObjectTags/${id}`, { token: user })).body).toEqual([...seeded, 'refund'].sort());
    expect((await tag('refund', 1)).body.processFlowObject.tags.map((t: { tagValue: string }) => t.tagValue)).toEqual(seeded);

    // The e-mail goes to the customer's address (never shown on the page) with the subject and comment.
    const [customer] = await h.db.query<{ customer_email: string }>('SELECT customer_email FROM responses WHERE id = $1', [id]);
    expect((await act(pfo, { actionName: 'Send e-mail', comment: 'We are sorry.', actionProperties: props({}) })).body.validationResults[0].messages).toEqual(['Add a subject.']);
    expect((await act(pfo, { actionName: 'Send e-mail', comment: 'We are sorry.', actionProperties: props({ subject: 'Your visit' }) })).status).toBe(200);
    const [mail] = await h.db.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE recipient = $1', [customer.customer_email]);
    expect(mail).toEqual({ subject: 'Your visit', body: 'We are sorry.' });

    expect((await act(pfo, { actionName: 'Resolve', comment: 'Done' })).body.validationResults[0].messages[0]).toBe('"Resolve" is not an action for a case in state Assigned.');
    expect((await act(pfo, { actionName: 'Start work', comment: 'Calling them' })).body.processFlowObject.properties.State).toBe('InProgress');
    // Closing asks why the customer was unhappy and whether it was put right.
    expect((await act(pfo, { actionName: 'Resolve', comment: 'Voucher sent' })).body.validationResults[0].messages).toEqual(['Choose a root cause.', "Say whether the customer's problem was resolved."]);
    expect((await act(pfo, { actionName: 'Resolve', comment: 'Voucher sent', actionProperties: props({ rootCause: 'Made up', problemResolved: true }) })).body.validationResults[0].messages).toEqual(['Choose a root cause.']);
    answer = (await act(pfo, { actionName: 'Resolve', comment: 'Voucher sent', actionProperties: props({ rootCause: 'Waiting time', problemResolved: true }) })).body;
    expect(answer.processFlowObject.properties).toMatchObject({ State: 'Resolved', LastStateChangeByUserName: 'Petra User', RootCause: 'Waiting time', ProblemResolved: true });
    const history = (await h.call('GET', `${PF}/processFlowObjectHistory/${pfo}`, { token: user })).body;
    expect(history.slice(before).map((e: { actionName: string }) => e.actionName)).toEqual(['Assign', 'Tag', 'Tag', 'Send e-mail', 'Start work', 'Resolve']);
    // Statuses move forward: only an administrator may reopen.
    expect((await detail(id)).body.permittedActionGroups.map((g: { name: string }) => g.name)).toEqual(['Tags']);
    expect((await act(pfo, { actionName: 'Reopen', comment: 'Again' })).body.validationResults[0].messages[0]).toBe('"Reopen" is not an action for a case in state Resolved.');
    expect((await detail(id, admin)).body.permittedActionGroups.map((g: { name: string }) => g.name)).toEqual(['Change status', 'Tags']);
    expect((await h.call('POST', `${PF}/markread/${id}`, { token: user })).status).toBe(200);
  });

  it('gives the second of two simultaneous actions a clear answer and writes one history entry', async () => {
    const [open] = (await page('Working', { top: 1 }, admin)).body.data;
    const { processFlowObject: pfo } = (await detail(open.SourceObjectId, admin)).body;
    const seen = pfo.version;
    const both = await Promise.all([
      act(pfo.processFlowObjectId, { actionName: 'Close without action', comment: 'First', actionProperties: props({ version: seen, rootCause: 'Other', problemResolved: false }) }, admin),
      act(pfo.processFlowObjectId, { actionName: 'Close without action', comment: 'Second', actionProperties: props({ version: seen, rootCause: 'Other', problemResolved: false }) }, user),
    ]);
    const done = both.filter((r) => r.body.processFlowObject);
    const refused = both.filter((r) => r.body.validationResults);
    expect(done).toHaveLength(1);
    expect(refused[0].body.validationResults[0].messages[0]).toMatch(/^This case was changed by (Paul Admin|Petra User) at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d; reload it\.$/);
    const history = (await h.call('GET', `${PF}/processFlowObjectHistory/${pfo.processFlowObjectId}`, { token: admin })).body;
    expect(history.filter((e: { version: number }) => e.version === seen + 1)).toHaveLength(1);
  });

  it('answers 404 for a case outside the caller’s claims, for reading and for acting', async () => {
    const [south] = await h.db.query<{ source_object_id: number; pfo_id: string }>(
      "SELECT c.source_object_id, c.pfo_id FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE r.region = 'South' ORDER BY c.source_object_id LIMIT 1",
    );
    expect((await detail(south.source_object_id, north)).status).toBe(404);
    expect((await act(south.pfo_id, { actionName: 'Start work', comment: 'Not mine' }, north)).status).toBe(404);
    expect((await h.call('GET', `${PF}/processFlowObjectHistory/${south.pfo_id}`, { token: north })).status).toBe(404);
    expect((await h.call('GET', `/api/processflow/getSourceObjectTags/${south.source_object_id}`, { token: north })).status).toBe(404);
    expect((await act(south.pfo_id, { actionName: 'Start work', comment: 'ok', actionProperties: '{not json' })).status).toBe(400);
  });
});

describe('a queue as an Excel workbook', () => {
  it('exports the cases of a queue that allows it, under the caller’s claims, and downloads once', async () => {
    const counts = (await h.call('GET', `${PF}/queuecounts`, { token: north })).body;
    const closed = counts.find((c: { name: string }) => c.name === 'Closed').count;
    const res = await h.call('POST', '/api/processflow/exporttoexcel/?moduleId=cases&queue=Closed&dateTime=2026-11-20T12-00', { token: north, body: { SmartDataSelection: { smartFilters: [] } } });
    expect(res.status).toBe(200);
    const file = await h.fetch(`/api/processflow/downloadexport/?exportId=${res.body.exportId}&name=cases_Closed`);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.getWorksheet('Records')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Region', 'Comment', 'State', 'Assigned to', 'Tags']));
    expect(ws.rowCount - 1).toBe(closed);
    const region = header.indexOf('Region') + 1;
    const state = header.indexOf('State') + 1;
    for (let r = 2; r <= ws.rowCount; r++) {
      expect(ws.getRow(r).getCell(region).value).toBe('North');
      expect(['Resolved', 'ClosedNoAction']).toContain(ws.getRow(r).getCell(state).value);
    }
    expect((await h.fetch(`/api/processflow/downloadexport/?exportId=${res.body.exportId}`)).status).toBe(404);

    const none = await h.call('POST', '/api/processflow/exporttoexcel/?moduleId=cases&queue=New', { token: user, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('The queue "New" has no export.');
  });
});
