import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Env } from '../context';

/**
 * Who is calling, for throttling: the socket's address, or with TRUST_PROXY the address the load
 * balancer saw (the last X-Forwarded-For entry, the one the proxy itself appended). IPv6 clients
 * count by their /64, which one subscriber usually holds whole.
 */
export function clientOf(c: Context<Env>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  let address = incoming?.socket?.remoteAddress ?? 'local';
  if (c.var.deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) address = forwarded;
  }
  return clientKey(address);
}

export function clientKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1];
  if (!address.includes(':')) return address.slice(0, 64);
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
