// POST /api/datasources/preview against the real server: only administrators, a size limit of its
// own (413 naming it, also for a chunked body), junk files refused with a 400 that says why, and one
// preview per user at a time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, type ClientRequest } from 'node:http';
import { startPortal, type Portal, type Reply } from './portal';
import { readReply } from '../tools/http';

const LIMIT = 64 * 1024;
let portal: Portal;
let admin: string;

beforeAll(async () => {
  portal = await startPortal(200, { datasourceLimits: { maxBytes: LIMIT } });
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
}, 60_000);
afterAll(() => portal.close());

interface Upload {
  token?: string;
  type?: string;
  /** Without a length: sent chunked. */
  chunked?: boolean;
}

/** Opens a preview request; the caller writes the body and ends it. */
function open(path: string, { token = admin, type = 'text/csv', chunked = false }: Upload, length?: number): { req: ClientRequest; reply: Promise<Reply> } {
  const url = new URL(portal.origin);
  let req!: ClientRequest;
  const reply = new Promise<Reply>((resolve, reject) => {
    req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(chunked || length === undefined ? {} : { 'content-length': length }) },
      },
      (res) => readReply(res).then(resolve, reject),
    );
    // The server may answer (413) and close before the whole body is written: the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
  });
  return { req, reply };
}

/** Sends `body` as a preview of a file named `name` and waits for the answer. */
function preview(name: string | null, body: string | Buffer, options: Upload = {}) {
  const { req, reply } = open(`/api/datasources/preview${name ? `?name=${encodeURIComponent(name)}` : ''}`, options, Buffer.byteLength(body));
  req.end(body);
  return reply;
}

const SURVEY = 'Response ID,How likely are you to recommend us?,Region\nr1,9,North\nr2,3,South\n';

describe('who may preview a file', () => {
  it('answers administrators, refuses other roles with a 403 and the signed out with a 401', async () => {
    for (const who of ['globaladmin@demo.cx', 'portaladmin@demo.cx']) {
      const res = await preview('survey.csv', SURVEY, { token: (await portal.signIn(who)).access });
      expect(res.status, who).toBe(200);
      expect(res.body.definition).toMatchObject({ name: 'survey', idColumn: 'response_id' });
      expect(res.body.rows).toEqual([
        { response_id: 'r1', how_likely_are_you_to_recommend_us: 9, region: 'North' },
        { response_id: 'r2', how_likely_are_you_to_recommend_us: 3, region: 'South' },
      ]);
    }
    for (const who of ['portaluser@demo.cx', 'surveyeditor@demo.cx', 'north.manager@demo.cx']) {
      expect((await preview('survey.csv', SURVEY, { token: (await portal.signIn(who)).access })).status, who).toBe(403);
    }
    expect((await preview('survey.csv', SURVEY, { token: '' })).status).toBe(401);
  });

  it('takes the file as one field of a multipart/form-data body', async () => {
    const boundary = '----cxpreview';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="C:\\exports\\survey.csv"\r\nContent-Type: text/csv\r\n\r\n${SURVEY}\r\n--${boundary}--\r\n`;
    const res = await preview(null, body, { type: `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(200);
    expect(res.body.definition.name).toBe('survey');
    expect(res.body.rows).toHaveLength(2);
  });
});

describe('files past the limits', () => {
  const big = 'id,comment\n' + Array.from({ length: 3000 }, (_, i) => `${i},${'x'.repeat(30)}`).join('\n');

  it('refuses a file past the size limit with a 413 naming it, with or without a length', async () => {
    expect(big.length).toBeGreaterThan(LIMIT);
    for (const chunked of [false, true]) {
      const res = await preview('big.csv', big, { chunked });
      expect(res.status, `chunked: ${chunked}`).toBe(413);
      expect(res.body.message).toBe('The file is larger than the limit of 64 KB (DATASOURCE_MAX_BYTES).');
    }
  });

  it('takes a file larger than the API\'s own body limit when it is within the preview\'s', async () => {
    const limited = await startPortal(50, { datasourceLimits: { maxBytes: 2 * 1024 * 1024 } });
    try {
      const token = (await limited.signIn('globaladmin@demo.cx')).access;
      const body = 'id,comment\n' + Array.from({ length: 12_000 }, (_, i) => `${i},${'y'.repeat(40)}`).join('\n');
      expect(body.length).toBeGreaterThan(256 * 1024);
      const res = await limited.call('POST', '/api/datasources/preview?name=large.csv', { raw: body, token, headers: { 'content-type': 'text/csv' } });
      expect(res.status).toBe(200);
      expect(res.body.definition.idColumn).toBe('id');
      expect(res.body.rows).toHaveLength(20);
    } finally {
      await limited.close();
    }
  });

  it('refuses 10,000 columns with a 400 naming the column limit', async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `q${i}`).join(',');
    const res = await preview('wide.csv', `${header}\n`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has 10,000 columns; a data source holds at most 1,000.');
  });
});

describe('junk files', () => {
  it('refuses an empty file, a PNG named .csv and an .xlsx that is not a zip with a 400 that says why', async () => {
    const empty = await preview('empty.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    const png = await preview('photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), { type: 'image/png' });
    expect(png.status).toBe(400);
    expect(png.body.message).toBe('The file photo.csv should be CSV text, but it holds a PNG image.');
    const notZip = await preview('book.xlsx', SURVEY, { type: 'application/octet-stream' });
    expect(notZip.status).toBe(400);
    expect(notZip.body.message).toBe('The file book.xlsx should be an XLSX workbook, but it holds no zip archive (an .xlsx workbook is one).');
    const brokenZip = await preview('book.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 1)]));
    expect(brokenZip.status).toBe(400);
    const junkJson = await preview('feed.jsonl', '{"a": [1, 2\n');
    expect(junkJson.status).toBe(400);
    expect(junkJson.text).not.toMatch(/cx-preview-|\/tmp\//);
  });

  it('notes cells that start like formulas and keeps them as text', async () => {
    const res = await preview('f.csv', 'id,comment\n1,=cmd|\' /C calc\'!A0\n2,ok\n');
    expect(res.status).toBe(200);
    expect(res.body.rows[0].comment).toBe("=cmd|' /C calc'!A0");
    expect(res.body.notes).toContain('Column "comment" has 1 cell starting with =, +, - or @: they stay text and are never evaluated as formulas.');
  });
});

/**
 * An upload left open (chunked, half sent) that holds the user's one preview slot, seen by a probe
 * refused with a 429. A probe may take the slot first and the open upload be the refused one: then
 * it is opened again (the race is the test's own, not the server's).
 */
async function holdingUpload(name: string) {
  for (;;) {
    const held = open(`/api/datasources/preview?name=${name}`, { chunked: true });
    let refused = false;
    void held.reply.then((r) => (refused = r.status === 429), () => undefined);
    held.req.write('id,score\n1,5\n');
    const probe = await vi.waitFor(
      async () => {
        if (refused) return null;
        const res = await preview('probe.csv', SURVEY);
        if (res.status !== 429) throw new Error(`not refused yet: ${res.status}`);
        return res;
      },
      { timeout: 60_000, interval: 50 },
    );
    if (probe && !refused) return { held, probe };
  }
}

describe('previews at once', () => {
  it('runs one preview per user at a time: a second one meanwhile gets a 429 with Retry-After', async () => {
    // The first upload stays open (chunked, half sent) while the second is tried.
    const { held: first, probe: second } = await holdingUpload('slow.csv');
    expect(second.body.message).toBe('A preview of yours is still running. Wait for it to finish, then try again.');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    // Another administrator is not held up.
    expect((await preview('other.csv', SURVEY, { token: (await portal.signIn('globaladmin@demo.cx')).access })).status).toBe(200);
    first.req.end('2,4\n');
    expect((await first.reply).status).toBe(200);
    // Once it ended, the user may preview again.
    expect((await preview('again.csv', SURVEY)).status).toBe(200);
  });

  it('frees the slot when a client goes away mid-upload', async () => {
    const { held: gone, probe } = await holdingUpload('gone.csv');
    expect(probe.status).toBe(429);
    gone.req.destroy();
    await vi.waitFor(async () => expect((await preview('after.csv', SURVEY)).status).toBe(200), { timeout: 20_000, interval: 50 });
  });
});
