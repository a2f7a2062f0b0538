import { generateKeyPairSync } from 'node:crypto';
import type { AppleIssuer } from '../wallet-issuer';
import { checkAppleIssuer } from './apple-issuer-health';
import { DAY_MS, TEST_PASS_TYPE_ID, TEST_TEAM_ID, testAppleIssuer, TestWwdr, validFor, withEncryptedKey } from './apple-test-certificates.fixture';

const now = new Date();
const codesOf = (issuer: AppleIssuer) => checkAppleIssuer(issuer, now).problems.map((problem) => problem.code);
const messageOf = (issuer: AppleIssuer, code: string) => checkAppleIssuer(issuer, now).problems.find((problem) => problem.code === code)?.message;

const issuer = testAppleIssuer();

test('a pass type certificate of the WWDR G4 with its own key, team and pass type is connected with no problem, until its end', () => {
  const check = checkAppleIssuer(issuer, now);
  expect(check.problems).toEqual([]);
  const ends = new Date(check.expires_at!);
  expect(Math.round((ends.getTime() - now.getTime()) / DAY_MS)).toBe(364);
  expect(check.summary).toBe(`${TEST_PASS_TYPE_ID} of team ${TEST_TEAM_ID}, until ${check.expires_at!.slice(0, 10)}`);
});

test('a key encrypted under a passphrase opens with it, and names what is missing without it or with another', () => {
  const encrypted = withEncryptedKey(issuer, 'correct horse');
  expect(codesOf(encrypted)).toEqual([]);
  expect(messageOf({ ...encrypted, private_key_passphrase: undefined }, 'key_malformed')).toMatch(/encrypted: give its passphrase/);
  expect(messageOf({ ...encrypted, private_key_passphrase: 'battery staple' }, 'key_malformed')).toMatch(/does not open with this passphrase/);
});

test('each unreadable part is named: the certificate, the key, the WWDR', () => {
  expect(codesOf({ ...issuer, certificate_pem: 'not a certificate' })).toEqual(['certificate_malformed']);
  expect(messageOf({ ...issuer, certificate_pem: 'x' }, 'certificate_malformed')).toMatch(/pass type certificate/);
  expect(codesOf({ ...issuer, private_key_pem: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' })).toEqual(['key_malformed']);
  expect(codesOf({ ...issuer, wwdr_pem: issuer.private_key_pem })).toEqual(['wwdr_malformed']);
  expect(messageOf({ ...issuer, wwdr_pem: 'x' }, 'wwdr_malformed')).toMatch(/WWDR/);
});

test('a key that is not RSA is refused: pass type certificates are RSA, and so is what signs passes', () => {
  const ec = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  expect(messageOf({ ...issuer, private_key_pem: ec.privateKey }, 'key_malformed')).toMatch(/not an RSA key \(it is ec\)/);
});

test('the key of another certificate is refused', () => {
  expect(codesOf({ ...issuer, private_key_pem: testAppleIssuer().private_key_pem })).toEqual(['key_mismatch']);
});

test('a certificate past its end is refused, and one ending within 30 days is connected with a warning', () => {
  const ended = testAppleIssuer({ validity: validFor(365, new Date(now.getTime() - 400 * DAY_MS)) });
  expect(codesOf(ended)).toEqual(['certificate_expired']);
  const ending = checkAppleIssuer(testAppleIssuer({ validity: validFor(10) }), now);
  expect(ending.problems).toEqual([
    expect.objectContaining({ level: 'warning', code: 'certificate_expiring', message: expect.stringMatching(/ends in [89] days/) }),
  ]);
});

test('a WWDR past its end is refused', () => {
  const endedWwdr = TestWwdr.make({ validity: validFor(365, new Date(now.getTime() - 400 * DAY_MS)) });
  expect(codesOf(testAppleIssuer({ wwdr: endedWwdr, validity: validFor(30, new Date(now.getTime() - 400 * DAY_MS)) }))).toEqual([
    'wwdr_expired',
    'certificate_expired',
  ]);
  expect(codesOf(testAppleIssuer({ wwdr: endedWwdr }))).toEqual(['wwdr_expired']);
});

test('a WWDR of another generation than the one that issued the certificate is refused, naming both', () => {
  const g3 = TestWwdr.make({ generation: 'G3' });
  const pastedByHabit = { ...issuer, wwdr_pem: g3.pem };
  expect(codesOf(pastedByHabit)).toEqual(['wrong_wwdr']);
  expect(messageOf(pastedByHabit, 'wrong_wwdr')).toMatch(/issued by the WWDR G4, not by the WWDR G3/);
  // Same name and generation, another key: the certificate's signature does not verify with it.
  expect(codesOf({ ...issuer, wwdr_pem: TestWwdr.make().pem })).toEqual(['wrong_wwdr']);
});

test('a team id or pass type id other than the certificate’s is refused, naming the certificate’s', () => {
  expect(messageOf({ ...issuer, team_identifier: 'ZZZZZ99999' }, 'team_mismatch')).toBe(
    `The pass type certificate is team ${TEST_TEAM_ID}’s, not team ZZZZZ99999’s.`,
  );
  expect(codesOf({ ...issuer, pass_type_identifier: 'pass.com.example.other' })).toEqual(['pass_type_mismatch']);
  const otherTeams = { ...testAppleIssuer({ teamIdentifier: 'OTHER00000' }), team_identifier: TEST_TEAM_ID };
  expect(messageOf(otherTeams, 'team_mismatch')).toMatch(/team OTHER00000’s, not team ABCDE12345’s/);
});
