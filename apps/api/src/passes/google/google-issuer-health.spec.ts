import { generateKeyPairSync } from 'node:crypto';
import { checkGoogleIssuer } from './google-issuer-health';

const ISSUER_ID = '3388000000022123456';
const rsa = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
/** A key file as Google Cloud's console downloads it. */
const keyFile = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'cafe-terrasse',
    private_key_id: '0123456789abcdef',
    private_key: rsa.privateKey,
    client_email: 'wallet@cafe-terrasse.iam.gserviceaccount.com',
    client_id: '123456789012345678901',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...overrides,
  });
const messagesOf = (service_account_json: string) =>
  checkGoogleIssuer({ issuer_id: ISSUER_ID, service_account_json }).check.problems.map((problem) => problem.message);

describe('the Google Wallet issuer check', () => {
  it('takes a service account key file as Google Cloud gives it, and names the account and issuer', () => {
    expect(checkGoogleIssuer({ issuer_id: ISSUER_ID, service_account_json: keyFile() })).toEqual({
      issuer: { issuer_id: ISSUER_ID, service_account: { client_email: 'wallet@cafe-terrasse.iam.gserviceaccount.com', private_key: rsa.privateKey } },
      check: { summary: `wallet@cafe-terrasse.iam.gserviceaccount.com for issuer ${ISSUER_ID}`, expires_at: null, problems: [] },
    });
  });

  it('says what is wrong with a key staff pasted, as an error that refuses the issuer', () => {
    expect(checkGoogleIssuer({ issuer_id: ISSUER_ID, service_account_json: '{"type": "service_account",' }).check.problems).toEqual([
      { level: 'error', code: 'service_account_malformed', message: expect.stringContaining('The service account key is not JSON') },
    ]);
    expect(messagesOf('["a key"]')).toEqual([expect.stringContaining('is not a JSON object')]);
    expect(messagesOf(keyFile({ client_email: undefined }))).toEqual([expect.stringContaining('has no client_email')]);
    expect(messagesOf(keyFile({ private_key: undefined }))).toEqual([expect.stringContaining('has no private_key')]);
    expect(messagesOf(keyFile({ private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n' }))).toEqual([
      expect.stringContaining('private_key is not a PEM private key'),
    ]);
    expect(messagesOf(keyFile({ type: 'authorized_user' }))).toEqual([expect.stringContaining('is not a service account key (type is "authorized_user"')]);
  });

  it('refuses a key that cannot sign RS256, which Google’s token endpoint and save links need', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(messagesOf(keyFile({ private_key: ec.privateKey }))).toEqual([expect.stringContaining('is not an RSA key')]);
  });
});
