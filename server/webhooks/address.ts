import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may send (SSRF): https only, no credentials in the address, and — unless
 * WEBHOOK_ALLOW_PRIVATE=1 — no host that is or resolves to a loopback, private, link-local
 * (cloud metadata), shared, multicast or reserved address. Checked when saved and again at
 * every delivery, on the very address connected to (a name may resolve elsewhere by then).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
// IPv4-mapped, NAT64 and 6to4 addresses carry an IPv4 address that could be any of the above.
for (const [net, prefix] of [
  ['::', 127], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

export const allowPrivate = (env: NodeJS.ProcessEnv = process.env) => env.WEBHOOK_ALLOW_PRIVATE === '1';

/** True for an address no webhook may reach (unless private addresses are allowed). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const MAX_URL_LENGTH = 2000;

/** Why `text` is no acceptable webhook address, or undefined; the address itself is not resolved here. */
export function urlProblem(text: string): string | undefined {
  if (text.length > MAX_URL_LENGTH) return `The address is longer than ${MAX_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The address is not a valid URL.';
  }
  if (url.protocol !== 'https:') return 'The address must start with https://.';
  if (url.username || url.password) return 'The address must not hold a user name or password; put a token in its path or query if the receiver needs one.';
  if (!url.hostname) return 'The address names no host.';
  return undefined;
}

/** The host of a URL as the resolver and `isIP` take it (IPv6 without brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const refusal = (host: string) => `The host ${host} is or resolves to a private, loopback or link-local address; webhooks go to public addresses only.`;

/**
 * The addresses `host` resolves to, each allowed, or an Error saying why not (its message is
 * shown to the administrator and kept in the delivery log).
 */
export async function resolvePublic(host: string, env: NodeJS.ProcessEnv = process.env): Promise<Array<{ address: string; family: number }>> {
  const literal = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new Error(`The host ${host} could not be found.`);
    }
  }
  if (!allowPrivate(env) && (!addresses.length || addresses.some((a) => isBlockedAddress(a.address)))) throw new Error(refusal(host));
  return addresses;
}
