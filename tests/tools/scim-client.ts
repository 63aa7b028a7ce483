// A SCIM 2.0 client that speaks as Microsoft Entra ID's provisioning service does (and, for the
// deactivation, as Okta does): run it against a portal, or import it in tests.
//
//   npx tsx tests/tools/scim-client.ts <base> <token> create <userName> [givenName] [familyName]
//   npx tsx tests/tools/scim-client.ts <base> <token> patch <id> <givenName> <familyName>
//   npx tsx tests/tools/scim-client.ts <base> <token> deactivate|reactivate|okta-deactivate|get|delete <id>
//   npx tsx tests/tools/scim-client.ts <base> <token> find <userName>
//
// <base> is the portal's origin (http://127.0.0.1:5173) or its SCIM address (…/scim/v2).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimReply {
  status: number;
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM resources are read field by field */
  body: any;
  contentType: string;
}

export type ScimOperation = { op: string; path?: string; value?: unknown };

/** A client for one SCIM service and token. */
export function scimClient(base: string, token: string) {
  const root = base.replace(/\/+$/, '').replace(/(\/scim\/v2)?$/, '/scim/v2');
  const send = async (method: string, path: string, body?: unknown): Promise<ScimReply> => {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, contentType: res.headers.get('content-type') ?? '' };
  };
  const patch = (id: string, Operations: ScimOperation[]) => send('PATCH', `/Users/${encodeURIComponent(id)}`, { schemas: [PATCH_OP], Operations });
  return {
    send,
    patch,
    /** Entra looks the user up by userName first, then creates them. */
    find: (userName: string) => send('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`),
    /** The body Entra ID sends for a new user (its default attribute mappings). */
    create: (userName: string, givenName = 'Pat', familyName = 'Provisioned', externalId = crypto.randomUUID()) =>
      send('POST', '/Users', {
        schemas: [USER_SCHEMA, ENTERPRISE_USER],
        externalId,
        userName,
        active: true,
        displayName: `${givenName} ${familyName}`,
        emails: [{ primary: true, type: 'work', value: userName }],
        meta: { resourceType: 'User' },
        name: { formatted: `${givenName} ${familyName}`, familyName, givenName },
        title: 'Analyst',
        [ENTERPRISE_USER]: { department: 'Customer Care', employeeNumber: '4711' },
      }),
    /** Entra sends one Replace per changed attribute, each with a path. */
    rename: (id: string, givenName: string, familyName: string) =>
      patch(id, [
        { op: 'Replace', path: 'name.givenName', value: givenName },
        { op: 'Replace', path: 'name.familyName', value: familyName },
        { op: 'Replace', path: 'displayName', value: `${givenName} ${familyName}` },
      ]),
    /** Entra sends booleans as strings. */
    deactivate: (id: string) => patch(id, [{ op: 'Replace', path: 'active', value: 'False' }]),
    reactivate: (id: string) => patch(id, [{ op: 'Replace', path: 'active', value: 'True' }]),
    /** Okta sends a path-less replace with an object. */
    oktaDeactivate: (id: string) => patch(id, [{ op: 'replace', value: { active: false } }]),
    get: (id: string) => send('GET', `/Users/${encodeURIComponent(id)}`),
    remove: (id: string) => send('DELETE', `/Users/${encodeURIComponent(id)}`),
  };
}

async function main(args: string[]): Promise<number> {
  const [base, token, command, ...rest] = args;
  if (!base || !token || !command) {
    console.error('usage: scim-client.ts <base> <token> create|patch|deactivate|reactivate|okta-deactivate|get|delete|find …');
    return 2;
  }
  const scim = scimClient(base, token);
  const commands: Record<string, () => Promise<ScimReply>> = {
    create: () => scim.create(rest[0], rest[1], rest[2]),
    patch: () => scim.rename(rest[0], rest[1], rest[2]),
    deactivate: () => scim.deactivate(rest[0]),
    reactivate: () => scim.reactivate(rest[0]),
    'okta-deactivate': () => scim.oktaDeactivate(rest[0]),
    get: () => scim.get(rest[0]),
    delete: () => scim.remove(rest[0]),
    find: () => scim.find(rest[0]),
  };
  if (!commands[command]) {
    console.error(`unknown command ${command}`);
    return 2;
  }
  const reply = await commands[command]();
  console.log(`${reply.status} ${reply.contentType}`);
  if (reply.body !== null) console.log(JSON.stringify(reply.body, null, 2));
  return reply.status < 400 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error) => {
    console.error(error);
    process.exit(1);
  });
}
