import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { hostOf } from '../webhooks/address';

/**
 * Where the server may fetch an identity provider's metadata or discovery document from. Unlike a
 * webhook, an IdP is often on the company network (ADFS, Keycloak), so private and loopback
 * addresses stay allowed; link-local ones never are: 169.254.169.254 and fe80:: are where cloud
 * machines keep their credentials, and an address typed into an admin screen must not reach them.
 */
const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');
linkLocal.addSubnet('::ffff:169.254.0.0', 112, 'ipv6');

const refused = (host: string) => `The host ${host} is a link-local address (cloud machines keep their credentials there); it cannot be an identity provider.`;

/** Why the server will not fetch `url`, or undefined: the host is resolved and each address checked. */
export async function outboundProblem(url: URL): Promise<string | undefined> {
  const host = hostOf(url);
  const family = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = family ? [{ address: host, family }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return undefined; // an unknown name fails at the fetch, with its own message
  }
  return addresses.some((a) => linkLocal.check(a.address, a.family === 4 ? 'ipv4' : 'ipv6')) ? refused(host) : undefined;
}
