import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { AppleIssuer } from '../wallet-issuer';

export const TEST_TEAM_ID = 'ABCDE12345';
export const TEST_PASS_TYPE_ID = 'pass.com.example.loyalty';

export const DAY_MS = 86_400_000;
/** The subject attribute Apple's pass type certificates carry the pass type identifier in (RFC 4519 `uid`). */
const UID_OID = '0.9.2342.19200300.100.1.1';
const WWDR_NAME = 'Apple Worldwide Developer Relations Certification Authority';

interface ForgeKeys {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  privateKeyPem: string;
}

/** node:crypto makes the RSA keys: forge's own generation in plain JavaScript takes seconds per key. */
function rsaKeys(): ForgeKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey: forge.pki.privateKeyFromPem(privateKey), publicKey: forge.pki.publicKeyFromPem(publicKey), privateKeyPem: privateKey };
}

export interface Validity {
  notBefore: Date;
  notAfter: Date;
}
/** A validity of `days` from `from` (yesterday, so clock skew never makes it not yet valid). */
export const validFor = (days: number, from = new Date(Date.now() - DAY_MS)): Validity => ({
  notBefore: from,
  notAfter: new Date(from.getTime() + days * DAY_MS),
});

function certificate(
  subject: forge.pki.CertificateField[],
  publicKey: forge.pki.rsa.PublicKey,
  signer: { subject: forge.pki.CertificateField[]; key: forge.pki.rsa.PrivateKey },
  validity: Validity,
  extensions: object[],
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: a leading bit of one would read as a negative number.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = validity.notBefore;
  cert.validity.notAfter = validity.notAfter;
  cert.setSubject(subject);
  cert.setIssuer(signer.subject);
  cert.setExtensions(extensions);
  cert.sign(signer.key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * A test copy of Apple's WWDR intermediate: same name and generation (OU) as Apple's, its own key,
 * self-signed so `openssl cms -verify -CAfile` and a TLS server can trust it alone.
 */
export class TestWwdr {
  private constructor(
    readonly pem: string,
    private readonly subject: forge.pki.CertificateField[],
    private readonly key: forge.pki.rsa.PrivateKey,
  ) {}

  static make(options: { generation?: string; validity?: Validity } = {}): TestWwdr {
    const keys = rsaKeys();
    const subject = [
      { shortName: 'CN', value: WWDR_NAME },
      { shortName: 'OU', value: options.generation ?? 'G4' },
      { shortName: 'O', value: 'Apple Inc.' },
      { shortName: 'C', value: 'US' },
    ];
    const extensions = [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ];
    const pem = certificate(subject, keys.publicKey, { subject, key: keys.privateKey }, options.validity ?? validFor(3650), extensions);
    return new TestWwdr(pem, subject, keys.privateKey);
  }

  /** A pass type certificate as Apple's portal issues it: UID the pass type, OU the team, CN "Pass Type ID: …". */
  issue(options: { passTypeIdentifier?: string; teamIdentifier?: string; validity?: Validity } = {}): { certificate_pem: string; private_key_pem: string } {
    const passType = options.passTypeIdentifier ?? TEST_PASS_TYPE_ID;
    const keys = rsaKeys();
    const subject = [
      { type: UID_OID, value: passType },
      { shortName: 'CN', value: `Pass Type ID: ${passType}` },
      { shortName: 'OU', value: options.teamIdentifier ?? TEST_TEAM_ID },
      { shortName: 'O', value: 'Example Coffee Ltd' },
      { shortName: 'C', value: 'GB' },
    ];
    const extensions = [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      // Apple's pass type certificates are also APNs client certificates.
      { name: 'extKeyUsage', clientAuth: true },
    ];
    const certificatePem = certificate(subject, keys.publicKey, { subject: this.subject, key: this.key }, options.validity ?? validFor(365), extensions);
    return { certificate_pem: certificatePem, private_key_pem: keys.privateKeyPem };
  }
}

let sharedWwdr: TestWwdr | undefined;
/** The WWDR G4 stand-in most specs share: one key generation per test file. */
export const testWwdr = (): TestWwdr => (sharedWwdr ??= TestWwdr.make());

/** A connected issuer as an organisation would give it: a pass type certificate of the test WWDR G4, its key and that WWDR. */
export function testAppleIssuer(options: Parameters<TestWwdr['issue']>[0] & { wwdr?: TestWwdr } = {}): AppleIssuer {
  const wwdr = options.wwdr ?? testWwdr();
  return {
    pass_type_identifier: options.passTypeIdentifier ?? TEST_PASS_TYPE_ID,
    team_identifier: options.teamIdentifier ?? TEST_TEAM_ID,
    ...wwdr.issue(options),
    wwdr_pem: wwdr.pem,
  };
}

/** The same issuer with its key encrypted under a passphrase (PKCS #8, AES-256-CBC), as `openssl pkcs12 -nocerts` leaves it. */
export function withEncryptedKey(issuer: AppleIssuer, passphrase: string): AppleIssuer {
  const key = forge.pki.privateKeyFromPem(issuer.private_key_pem);
  return { ...issuer, private_key_pem: forge.pki.encryptRsaPrivateKey(key, passphrase, { algorithm: 'aes256' }), private_key_passphrase: passphrase };
}

/** A self-signed TLS server certificate for 127.0.0.1: a stand-in's, trusted by naming it as the only CA (APNS_CA_FILE). */
export function localServerCertificate(): { cert: string; key: string } {
  const keys = rsaKeys();
  const subject = [{ shortName: 'CN', value: '127.0.0.1' }];
  const extensions = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ];
  return { cert: certificate(subject, keys.publicKey, { subject, key: keys.privateKey }, validFor(30), extensions), key: keys.privateKeyPem };
}
