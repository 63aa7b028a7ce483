// A real SAML 2.0 identity provider for the tests: Debian's SimpleSAMLphp 1.19 served by PHP's own
// server on a free loopback port, with its own configuration under .tmp (nothing on the machine is
// edited). Users with groups and region attributes sign in on its real login page; the portal's SP
// metadata (GET /api/sso/saml/metadata) is registered twice: as itself, and as another service
// provider (another entityID, the same ACS) to produce responses for the wrong audience.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';

export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
export const MISSING = 'SimpleSAMLphp is not installed: run `apt-get install -y simplesamlphp php-cli php-xml php-mbstring` (.ci/run does it in CI).';
/** The entityID of the second, foreign service provider registered at the IdP (same ACS as the portal). */
export const OTHER_SP = 'https://other-sp.test/saml/metadata';
export const IDP_PASSWORD = 'Idp-2345!';

export interface IdpUser {
  username: string;
  mail: string;
  givenName: string;
  sn: string;
  groups: string[];
  region: string[];
}

/** anna and dora: in cx-admins, region North; ben: a plain user with no group or region; carl: region South. */
export const IDP_USERS: IdpUser[] = [
  { username: 'anna', mail: 'anna@acme.test', givenName: 'Anna', sn: 'Acme', groups: ['cx-admins'], region: ['North'] },
  { username: 'ben', mail: 'ben@acme.test', givenName: 'Ben', sn: 'Plain', groups: [], region: [] },
  { username: 'dora', mail: 'dora@acme.test', givenName: 'Dora', sn: 'Acme', groups: ['cx-admins'], region: ['North'] },
  { username: 'carl', mail: 'carl@acme.test', givenName: 'Carl', sn: 'Unknown', groups: [], region: ['South'] },
];

export interface SpOptions {
  /** Encrypt assertions to the portal's certificate. */
  encryptAssertions?: boolean;
}

export interface TestSamlIdp {
  origin: string;
  entityId: string;
  metadataUrl: string;
  /** The IdP's signing certificate (PEM). */
  certificate: string;
  ssoRedirectUrl: string;
  sloUrl: string;
  /** Rewrites the portal's SP entry (e.g. to encrypt assertions); SimpleSAMLphp reads it on each request. */
  configureSp: (options: SpOptions) => void;
  stop: () => Promise<void>;
}

const php = (value: unknown): string => {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(php).join(', ')}]`;
  return `[${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${php(k)} => ${php(v)}`).join(', ')}]`;
};

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });

/** The portal's SP values from its metadata. */
function spValues(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
  const first = (name: string) => doc.getElementsByTagNameNS(md, name)[0];
  const cert = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '') ?? '';
  return {
    entityId: first('EntityDescriptor').getAttribute('entityID')!,
    acs: first('AssertionConsumerService').getAttribute('Location')!,
    slo: first('SingleLogoutService')?.getAttribute('Location') ?? undefined,
    cert,
  };
}

/**
 * Starts SimpleSAMLphp for the portal whose SP metadata is `spMetadataXml`. Fails (never skips)
 * when SimpleSAMLphp or PHP is missing.
 */
export async function startSimpleSamlPhp(spMetadataXml: string, name = 'idp'): Promise<TestSamlIdp> {
  if (!existsSync(SIMPLESAMLPHP_WWW)) throw new Error(MISSING);
  try {
    // Its SAML library needs PHP's DOM (php-xml), which Debian's package does not pull in.
    execFileSync('php', ['-r', 'exit(class_exists("DOMDocument") && function_exists("mb_strlen") ? 0 : 1);'], { stdio: 'ignore' });
  } catch {
    throw new Error(MISSING);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dir = resolve('.tmp', `simplesamlphp-${name}-${process.pid}-${port}`);
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['config', 'metadata', 'cert', 'log', 'data', 'tmp']) mkdirSync(join(dir, sub), { recursive: true });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '30', '-subj', '/CN=SimpleSAMLphp test IdP',
    '-keyout', join(dir, 'cert', 'idp.pem'), '-out', join(dir, 'cert', 'idp.crt')], { stdio: 'ignore' });

  writeFileSync(join(dir, 'config', 'config.php'), `<?php
$config = ${php({
    baseurlpath: `${origin}/`,
    certdir: `${dir}/cert/`,
    loggingdir: `${dir}/log/`,
    datadir: `${dir}/data/`,
    tempdir: `${dir}/tmp`,
    metadatadir: `${dir}/metadata/`,
    attributenamemapdir: '/etc/simplesamlphp/attributemap/',
    secretsalt: randomBytes(24).toString('hex'),
    'auth.adminpassword': randomBytes(12).toString('hex'),
    technicalcontact_name: 'Tests',
    technicalcontact_email: 'tests@example.org',
    timezone: 'UTC',
    'enable.saml20-idp': true,
    'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
    'logging.handler': 'file',
    'logging.logfile': 'simplesamlphp.log',
    'store.type': 'phpsession',
    'session.cookie.secure': false,
    'session.phpsession.savepath': `${dir}/tmp`,
    'language.default': 'en',
    'theme.use': 'default',
    showerrors: true,
    errorreporting: false,
    'admin.checkforupdates': false,
  })};
$config['logging.level'] = SimpleSAML\\Logger::WARNING;
`);
  // exampleauth:UserPass takes its users as "name:password" => attributes beside the source's name.
  const users = IDP_USERS.map((u) => `${php(`${u.username}:${IDP_PASSWORD}`)} => ${php({ uid: [u.username], mail: [u.mail], givenName: [u.givenName], sn: [u.sn], groups: u.groups, region: u.region })}`);
  writeFileSync(join(dir, 'config', 'authsources.php'), `<?php
$config = ['admin' => ['core:AdminPassword'], 'test-users' => ['exampleauth:UserPass', ${users.join(', ')}]];
`);
  writeFileSync(join(dir, 'metadata', 'saml20-idp-hosted.php'), `<?php
$metadata['__DYNAMIC:1__'] = ${php({
    host: '__DEFAULT__',
    privatekey: 'idp.pem',
    certificate: 'idp.crt',
    auth: 'test-users',
    'signature.algorithm': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // Both bindings in its metadata (the default lists HTTP-Redirect only).
    SingleSignOnServiceBinding: ['urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'],
  })};
`);
  const sp = spValues(spMetadataXml);
  const configureSp = (options: SpOptions) => {
    const entry = (entityId: string) => ({
      AssertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acs }],
      ...(sp.slo ? { SingleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.slo }] } : {}),
      certData: sp.cert,
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      'simplesaml.nameidattribute': 'mail',
      'simplesaml.attributes': true,
      'assertion.encryption': options.encryptAssertions ?? false,
      'saml20.sign.response': true,
      'saml20.sign.assertion': true,
      // The portal refuses unsigned LogoutRequests (anyone could end a session with one).
      'sign.logout': true,
      'signature.algorithm': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      entityid: entityId,
    });
    writeFileSync(join(dir, 'metadata', 'saml20-sp-remote.php'), `<?php
$metadata[${php(sp.entityId)}] = ${php(entry(sp.entityId))};
$metadata[${php(OTHER_SP)}] = ${php(entry(OTHER_SP))};
`);
  };
  configureSp({});

  // A router that answers the browser's favicon request (SimpleSAMLphp has none: a 404 in the console) and leaves the rest to PHP's server.
  const router = join(dir, 'router.php');
  writeFileSync(router, `<?php
if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) === '/favicon.ico') { http_response_code(204); return true; }
return false;
`);
  const server: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW, router], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: join(dir, 'config'), PHP_CLI_SERVER_WORKERS: '2' },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: PHP's server forks its workers, and stopping ends the whole group.
    detached: true,
  });
  const killGroup = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let errors = '';
  server.stderr?.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const metadataUrl = `${origin}/saml2/idp/metadata.php`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`SimpleSAMLphp stopped at start: ${errors}`);
    const res = await fetch(metadataUrl).catch(() => undefined);
    if (res?.ok) break;
    if (Date.now() > deadline) {
      killGroup();
      throw new Error(`SimpleSAMLphp does not answer at ${metadataUrl}: ${res?.status} ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      killGroup();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    origin,
    entityId: metadataUrl,
    metadataUrl,
    certificate: readFileSync(join(dir, 'cert', 'idp.crt'), 'utf8'),
    ssoRedirectUrl: `${origin}/saml2/idp/SSOService.php`,
    sloUrl: `${origin}/saml2/idp/SingleLogoutService.php`,
    configureSp,
    stop,
  };
}
