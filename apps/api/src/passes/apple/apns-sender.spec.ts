import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '@qr/contracts';
import { createLogger } from '@qr/platform';
import { ApnsSender } from './apns-sender';
import { ApnsStandIn } from './apns-stand-in.fixture';
import { TEST_PASS_TYPE_ID, TEST_TEAM_ID, testAppleIssuer, testWwdr, TestWwdr, withEncryptedKey } from './apple-test-certificates.fixture';

const work = mkdtempSync(join(tmpdir(), 'apns-'));
const issuer = testAppleIssuer();
let apns: ApnsStandIn;
let sender: ApnsSender;

beforeAll(async () => {
  apns = await ApnsStandIn.start(testWwdr().pem, join(work, 'apns-ca.pem'));
});
beforeEach(() => {
  apns.received.length = 0;
  sender = new ApnsSender({ APNS_URL: apns.url, APNS_CA_FILE: apns.caFile }, createLogger('silent'));
});
afterEach(() => sender.onModuleDestroy());
afterAll(async () => {
  await apns.stop();
  rmSync(work, { recursive: true, force: true });
});

test('each device gets an empty push under the pass type, sent with the pass type certificate as the client certificate', async () => {
  await expect(sender.push(issuer, ['a1b2c3', 'd4e5f6'])).resolves.toEqual({ delivered: 2, gone: [] });
  expect(apns.received).toHaveLength(2);
  for (const push of apns.received)
    expect(push).toMatchObject({
      topic: TEST_PASS_TYPE_ID,
      pushType: 'background',
      priority: '5',
      payload: {},
      client: { UID: TEST_PASS_TYPE_ID, OU: TEST_TEAM_ID, CN: `Pass Type ID: ${TEST_PASS_TYPE_ID}` },
    });
  expect(apns.received.map((push) => push.token).sort()).toEqual(['a1b2c3', 'd4e5f6']);
});

test('a device that removed the pass (410) or a bad token (400 BadDeviceToken) is gone, the others delivered', async () => {
  apns.unregistered.add('removed');
  apns.badTokens.add('garbled');
  await expect(sender.push(issuer, ['kept', 'removed', 'garbled'])).resolves.toEqual({ delivered: 1, gone: ['removed', 'garbled'] });
});

test('one connection serves every push of a pass type, and a key under a passphrase connects too', async () => {
  const before = apns.connections;
  await sender.push(issuer, ['one']);
  await sender.push(issuer, ['two', 'three']);
  expect(apns.connections - before).toBe(1);
  const encrypted = withEncryptedKey(testAppleIssuer({ passTypeIdentifier: 'pass.com.example.tickets' }), 'correct horse');
  await expect(sender.push(encrypted, ['four'])).resolves.toEqual({ delivered: 1, gone: [] });
  expect(apns.connections - before).toBe(2);
});

test('a pass no device follows opens no connection', async () => {
  const before = apns.connections;
  await expect(sender.push(issuer, [])).resolves.toEqual({ delivered: 0, gone: [] });
  expect(apns.connections).toBe(before);
});

test('a topic APNs refuses for the certificate fails as pass_provider_failed, with its reason', async () => {
  const error = await sender.push({ ...issuer, pass_type_identifier: 'pass.com.example.other' }, ['t1']).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ code: 'pass_provider_failed', message: expect.stringContaining('400 TopicDisallowed') });
});

test('a certificate APNs does not trust fails every push as pass_provider_failed, delivering none', async () => {
  const stranger = testAppleIssuer({ wwdr: TestWwdr.make({ generation: 'G3' }) });
  const error = await sender.push(stranger, ['t1', 't2']).catch((thrown: unknown) => thrown);
  expect(error).toMatchObject({ code: 'pass_provider_failed', details: { delivered: 0, gone: [] } });
  expect(apns.received).toHaveLength(0);
});
