import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { harnessWithUsers, type Harness } from './harness';
import { startMailDelivery } from '../../../server/mail/delivery';

/** A real SMTP server on a free port; what it receives is kept as raw messages. */
function localSmtp() {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  return { server, received, listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))) };
}

let h: Harness;
let user: string;
const smtp = localSmtp();
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(3000));
  const port = await smtp.listen();
  stop = startMailDelivery(h.db, `smtp://127.0.0.1:${port}`, { intervalMs: 50, from: 'CX Portal <cases@cx.test>' });
});
afterAll(async () => {
  await stop();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  await h.close();
});

/** Waits until `read` answers something (polling every 25 ms, at most `ms`). */
async function until<T>(read: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('e-mail over SMTP', () => {
  it('delivers a case e-mail to the customer, with its subject and text, and marks it sent', async () => {
    const [open] = (await h.call('POST', '/api/processflow/cases/queue/New/PF', { token: user, body: { skip: 0, top: 1 } })).body.data;
    const { processFlowObject: pfo } = (await h.call('GET', `/api/processflow/cases/processFlowObject/${open.SourceObjectId}/PF`, { token: user })).body;
    const [customer] = await h.db.query<{ customer_email: string }>('SELECT customer_email FROM responses WHERE id = $1', [open.SourceObjectId]);
    const subject = `About your visit, case ${open.SourceObjectId}`;
    const res = await h.call('POST', `/api/processflow/cases/processFlowObject/action/${pfo.processFlowObjectId}`, {
      token: user,
      body: { actionName: 'Send e-mail', comment: 'We are sorry about the wait. A voucher is on its way.', actionProperties: JSON.stringify({ subject }) },
    });
    expect(res.status).toBe(200);

    const message = await until(() => smtp.received.find((m) => m.raw.includes(subject)));
    expect(message.to).toEqual([customer.customer_email]);
    expect(message.from).toBe('cases@cx.test');
    expect(message.raw).toMatch(new RegExp(`^Subject: ${subject}\r?$`, 'm'));
    expect(message.raw).toContain('We are sorry about the wait. A voucher is on its way.');
    const sent = await until(async () => (await h.db.query<{ sent_at: Date | null }>('SELECT sent_at FROM mail_outbox WHERE subject = $1', [subject]))[0]?.sent_at ?? undefined);
    expect(sent).toBeInstanceOf(Date);
  });

  it('sends each message once when two server processes deliver from one outbox', async () => {
    const port = (smtp.server.server.address() as AddressInfo).port;
    const second = startMailDelivery(h.db, `smtp://127.0.0.1:${port}`, { intervalMs: 50 });
    try {
      const subjects = ['One', 'Two', 'Three', 'Four'].map((n) => `Parallel delivery ${n}`);
      const now = new Date();
      for (const s of subjects) await h.db.query('INSERT INTO mail_outbox (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [crypto.randomUUID(), 'someone@example.com', s, 'Hello.', now]);
      await until(() => (subjects.every((s) => smtp.received.some((m) => m.raw.includes(s))) ? true : undefined));
      // Both deliverers have had rounds to send again: each message still arrived once.
      await new Promise((r) => setTimeout(r, 300));
      for (const s of subjects) expect(smtp.received.filter((m) => m.raw.includes(s))).toHaveLength(1);
    } finally {
      await second();
    }
  });
});
