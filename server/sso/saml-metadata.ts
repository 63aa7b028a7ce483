import { DOMParser } from '@xmldom/xmldom';
import { badRequest } from '../http/errors';
import { outboundProblem } from './outbound';

/**
 * An identity provider's SAML metadata, read from a URL or a file, turned into the fields of a
 * provider (not saved: the administrator checks and saves). The URL is the administrator's, but a
 * fetch from the server is still bounded: http(s) only, 1 MB, 10 seconds, and the answer's text is
 * never echoed back.
 */
export const METADATA_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const BINDINGS = { redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST' };

export interface IdpMetadata {
  idpEntityId: string;
  ssoUrls: { redirect?: string; post?: string };
  sloUrl?: string;
  idpCerts: string[];
}

export async function readIdpMetadata(body: { url: string } | { xml: string }): Promise<IdpMetadata> {
  return parseIdpMetadata('url' in body ? await fetchMetadata(body.url) : body.xml);
}

async function fetchMetadata(address: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw badRequest('url: not an address.', { url: ['not an address'] });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('url: must be an http(s) address.', { url: ['must be an http(s) address'] });
  const cannot = (why: string) => badRequest(`The metadata could not be read from ${url.origin}: ${why}`);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let answer: Response | undefined;
  // Redirects are followed by hand, so that every hop's host is checked (outbound.ts).
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = await outboundProblem(url);
    if (problem) throw badRequest(`url: ${problem}`, { url: [problem] });
    try {
      answer = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
    } catch (error) {
      throw cannot(error instanceof Error && error.name === 'TimeoutError' ? 'no answer within 10 seconds.' : 'the address does not answer.');
    }
    const next = answer.status >= 300 && answer.status < 400 ? answer.headers.get('location') : null;
    if (!next) break;
    await answer.body?.cancel().catch(() => undefined);
    url = new URL(next, url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw cannot('it redirects to an address that is not http(s).');
    if (hop === MAX_REDIRECTS) throw cannot(`it redirects more than ${MAX_REDIRECTS} times.`);
  }
  if (!answer) throw cannot('the address does not answer.');
  if (!answer.ok) throw cannot(`it answered HTTP ${answer.status}.`);
  const declared = Number(answer.headers.get('content-length'));
  if (declared > METADATA_MAX_BYTES) throw cannot('it is larger than 1 MB.');
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = answer.body?.getReader();
    for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > METADATA_MAX_BYTES) throw cannot('it is larger than 1 MB.');
      chunks.push(part.value);
    }
  } catch (error) {
    await answer.body?.cancel().catch(() => undefined);
    throw error instanceof Error && 'status' in error ? error : cannot('the answer broke off.');
  }
  return Buffer.concat(chunks).toString('utf8');
}

const child = (parent: Element, ns: string, name: string) => Array.from(parent.getElementsByTagNameNS(ns, name));

export function parseIdpMetadata(xml: string): IdpMetadata {
  const invalid = (why: string) => badRequest(`The metadata is not valid SAML metadata: ${why}`);
  if (/<!DOCTYPE/i.test(xml)) throw invalid('a document type declaration is not allowed.');
  let doc: Document;
  try {
    // xmldom reports an unclosed element as a warning: any complaint means the file is not well-formed.
    const refuse = (m: string) => {
      throw new Error(m);
    };
    doc = new DOMParser({ errorHandler: { warning: refuse, error: refuse, fatalError: refuse } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw invalid('it is not well-formed XML.');
  }
  const entity = child(doc.documentElement ?? ({} as Element), MD, 'EntityDescriptor').concat(doc.documentElement?.localName === 'EntityDescriptor' ? [doc.documentElement] : [])
    .find((e) => child(e, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity && child(entity, MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw invalid('it describes no identity provider (IDPSSODescriptor).');
  const idpEntityId = entity.getAttribute('entityID') ?? '';
  if (!idpEntityId) throw invalid('the EntityDescriptor has no entityID.');
  const location = (name: string, binding: string) => child(idp, MD, name).find((e) => e.getAttribute('Binding') === binding)?.getAttribute('Location') || undefined;
  const ssoUrls = { redirect: location('SingleSignOnService', BINDINGS.redirect), post: location('SingleSignOnService', BINDINGS.post) };
  if (!ssoUrls.redirect && !ssoUrls.post) throw invalid('it has no SingleSignOnService for HTTP-Redirect or HTTP-POST.');
  const idpCerts = child(idp, MD, 'KeyDescriptor')
    .filter((k) => (k.getAttribute('use') || 'signing') === 'signing')
    .flatMap((k) => child(k, DS, 'X509Certificate').map((c) => (c.textContent ?? '').replace(/\s+/g, '')))
    .filter((c, i, all) => c && all.indexOf(c) === i);
  if (idpCerts.length === 0) throw invalid('it has no signing certificate (KeyDescriptor with an X509Certificate).');
  const sloUrl = location('SingleLogoutService', BINDINGS.redirect);
  return {
    idpEntityId,
    ssoUrls: Object.fromEntries(Object.entries(ssoUrls).filter(([, v]) => v)) as IdpMetadata['ssoUrls'],
    ...(sloUrl ? { sloUrl } : {}),
    idpCerts,
  };
}

/** The Issuer of a SAML message (to find its provider before it can be verified). */
export function issuerOf(xml: string): string | undefined {
  if (/<!DOCTYPE/i.test(xml)) return undefined;
  try {
    const doc = new DOMParser({ errorHandler: { error: () => undefined, fatalError: () => undefined, warning: () => undefined } }).parseFromString(xml, 'text/xml');
    return doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent?.trim() || undefined;
  } catch {
    return undefined;
  }
}
