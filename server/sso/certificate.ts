import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, Certificate, Name, RelativeDistinguishedName, SubjectPublicKeyInfo, TBSCertificate, Validity, Version } from '@peculiar/asn1-x509';

/**
 * A self-signed certificate for the service provider's own key pair: what SAML metadata carries so an
 * identity provider can check signed requests and encrypt assertions to the portal. Node makes the
 * keys; the certificate's ASN.1 structure comes from @peculiar/asn1-x509 (no OpenSSL binary at run time,
 * docs/decisions.md).
 */
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COMMON_NAME = '2.5.4.3';
const YEARS = 10;

export function selfSignedCertificate(commonName: string, now: Date): { privateKey: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const name = new Name([new RelativeDistinguishedName([new AttributeTypeAndValue({ type: COMMON_NAME, value: new AttributeValue({ utf8String: commonName.slice(0, 64) }) })])]);
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive serial number
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: algorithm,
    issuer: name,
    subject: name,
    validity: new Validity({ notBefore: now, notAfter: new Date(now.getTime() + YEARS * 365 * 86_400_000) }),
    subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const certificate = new Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm, signatureValue: new Uint8Array(sign('sha256', tbsDer, privateKey)).buffer });
  const der = Buffer.from(AsnConvert.serialize(certificate));
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate: pem };
}

/** True when `certificate` holds the public key of `privateKey` (a stored pair still belongs together). */
export const samePair = (privateKey: string, certificate: string) =>
  createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'der' }).equals(createPublicKey(certificate).export({ type: 'spki', format: 'der' }));
