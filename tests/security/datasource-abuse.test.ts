// Files made to hurt the server, and what a deleted source leaves behind, against the real server:
// a zip bomb named .xlsx, cells that make a careless pattern backtrack for minutes, and a token and
// dashboards of a deleted source that must not attach to a new source of the same name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let admin: string;

/** A zip of one stored-by-deflate part, its sizes declared honestly (what exceljs would unpack). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const dirOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const preview = (name: string, body: Buffer | string, type = 'application/octet-stream') =>
  fetch(`${portal.origin}/api/datasources/preview?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });

beforeAll(async () => {
  portal = await startPortal(100);
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
}, 60_000);
afterAll(() => portal.close());

describe('files made to hurt the server', () => {
  it('refuses a workbook that unpacks to a thousand times its size before unpacking it, and goes on serving', async () => {
    // 64 MB of one byte: under 100 KB packed.
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024, 0x20));
    const res = await preview('figures.xlsx', bomb);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^A part of the workbook unpacks to \d+ times its size: it is refused as a zip bomb\.$/);
    expect((await portal.call('GET', '/api/health')).status).toBe(200);
  });

  it('reads cells that a backtracking e-mail pattern would spend minutes on', async () => {
    // "a@" then dots then "@": quadratic for a pattern whose parts overlap; the old one took 70 s for 60 cells of 30,000 characters, blocking every request.
    const cell = `a@${'.'.repeat(40_000)}@`;
    const file = `Id,Contact\r\n${Array.from({ length: 100 }, (_, i) => `r${i},${cell}`).join('\r\n')}\r\n`;
    const res = await preview('contacts.csv', file, 'text/csv');
    expect(res.status).toBe(200);
    const { definition } = await res.json();
    expect(definition.columns.find((c: { name: string }) => c.name === 'Contact').role).not.toBe('customer');
  }, 120_000);
  it('refuses a JSON line nested 100,000 levels deep, which ends the engine\'s process, before the engine reads it', async () => {
    const deep = `{"id":1,"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n{"id":2,"a":[]}\n`;
    const res = await preview('deep.jsonl', deep, 'application/x-ndjson');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The file nests its values more than 64 levels deep: a data source's rows are flat records. Send one object a line.");
    expect((await portal.call('GET', '/api/health')).status).toBe(200);
  });
});

describe('what a deleted source leaves behind', () => {
  it('attaches to no new source of the same name: its token imports nowhere, its id is not given again', async () => {
    const csv = 'Visit,Region,Score\r\nv1,North,9\r\nv2,South,3\r\n';
    const define = async () => {
      const p = await (await preview('visits.csv', csv, 'text/csv')).json();
      const created = await portal.call('POST', '/api/datasources', { token: admin, body: p.definition });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const first = await define();
    const issued = await portal.call('POST', '/api/datasources/tokens', { token: admin, body: { name: 'nightly', sourceIds: [first] } });
    expect(issued.status).toBe(201);
    expect((await portal.call('POST', `/api/datasources/${first}/dashboard`, { token: admin })).status).toBe(201);
    expect((await portal.call('DELETE', `/api/datasources/${first}`, { token: admin })).status).toBe(200);

    const second = await define();
    expect(second).not.toBe(first);
    const sent = await portal.call('POST', `/api/datasources/${first}/imports?mode=append`, { token: issued.body.token, raw: csv, headers: { 'content-type': 'text/csv' } });
    expect([403, 404]).toContain(sent.status);
    const tokens = await portal.call('GET', '/api/datasources/tokens', { token: admin });
    expect(tokens.body.find((t: { tokenId: string }) => t.tokenId === issued.body.tokenId).sourceIds).toEqual([]);
  });

  it('refuses a verbatim or a claim type on a column of numbers', async () => {
    const p = await (await preview('scores.csv', 'Visit,Region,Score\r\nv1,North,9\r\nv2,South,3\r\n', 'text/csv')).json();
    const score = p.definition.columns.find((c: { name: string }) => c.name === 'Score');
    const asVerbatim = { ...p.definition, columns: p.definition.columns.map((c: { name: string }) => (c === score ? { ...score, role: 'verbatim', score: undefined } : c)) };
    const res = await portal.call('POST', '/api/datasources', { token: admin, body: asVerbatim });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Column "Score" holds numbers: only text can be a verbatim.');
  });
});
