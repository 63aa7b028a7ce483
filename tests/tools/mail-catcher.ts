/**
 * A local mail server for the end-to-end tests: a real SMTP server (the `smtp-server` package) on
 * SMTP_PORT that keeps what it receives, and GET /messages?to={address} on HTTP_PORT to read it
 * (recipient, subject and text, quoted-printable decoded).
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

interface Message {
  to: string[];
  subject: string;
  text: string;
}
const received: Message[] = [];

/** The subject and text of a plain-text message as nodemailer writes it. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const decodeQp = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const subject = header('Subject').replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
  );
  return { subject, text: qp ? decodeQp(body) : body };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...parseMessage(raw) });
      done();
    });
  },
});
smtp.listen(Number(process.env.SMTP_PORT ?? 2525), '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(url.pathname === '/messages' ? received.filter((m) => !to || m.to.includes(to)) : []));
}).listen(Number(process.env.HTTP_PORT ?? 2526), '127.0.0.1');
