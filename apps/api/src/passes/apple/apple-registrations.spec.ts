import { randomUUID } from 'node:crypto';
import { passStreamId, type PassIssued, type PassVoided } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { passes } from '@qr/projections-passes';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { AppleRegistrations } from './apple-registrations';
import { TEST_PASS_TYPE_ID } from './apple-test-certificates.fixture';

const DEVICE = 'd3v1c3-library-1';
const PROGRAMME_ID = randomUUID();

describe.each(testAdapters())('Apple device registrations on $name', (adapter) => {
  const t = projectionTestbed(adapter, [passes]);
  const registrations = () => new AppleRegistrations(t.db);

  /** Appends a pass's events as its decider would: issued, and voided when asked. */
  async function passWith(passId: string, orgId: string, voided = false): Promise<void> {
    const issued: PassIssued = {
      type: 'PassIssued',
      data: {
        pass_id: passId,
        design_id: randomUUID(),
        org_id: orgId,
        source: { kind: 'loyalty_card', programme_id: PROGRAMME_ID },
        holder: { kind: 'loyalty_card', card_id: randomUUID() },
        issued_by: null,
      },
    };
    const voiding: PassVoided[] = voided ? [{ type: 'PassVoided', data: { voided_by: 'staff@example.com' } }] : [];
    await t.store.append({ streamId: passStreamId(passId), expectedVersion: 'no_stream', events: [issued, ...voiding] });
  }
  async function voidPass(passId: string): Promise<void> {
    const voiding: PassVoided = { type: 'PassVoided', data: { voided_by: 'staff@example.com' } };
    await t.store.append({ streamId: passStreamId(passId), expectedVersion: 'any', events: [voiding] });
    await t.runner.caughtUp();
  }
  const tagOf = async (passId: string) =>
    String((await t.db.query<{ update_tag: string | number }>('SELECT update_tag FROM passes WHERE pass_id = $1', [passId])).rows[0]!.update_tag);
  const register = (serialNumber: string, pushToken = 'token-1', orgId = 'org-1') =>
    registrations().register({ deviceLibraryIdentifier: DEVICE, passTypeIdentifier: TEST_PASS_TYPE_ID, serialNumber, pushToken, orgId });

  it('answers created for a new registration and updated for one the device had made, keeping the newer push token', async () => {
    const passId = randomUUID();
    await passWith(passId, 'org-1');
    await t.runner.start();
    await t.runner.caughtUp();

    expect(await register(passId, 'token-1')).toBe('created');
    expect(await register(passId, 'token-2')).toBe('updated');
    const { rows } = await t.db.query<{ push_token: string }>('SELECT push_token FROM wallet_apple_registrations WHERE serial_number = $1', [passId]);
    expect(rows).toEqual([{ push_token: 'token-2' }]);
  });

  it('lists the device’s passes changed after its tag, with the newest tag, and none (null) once it holds the newest', async () => {
    const [first, second, elsewhere] = [randomUUID(), randomUUID(), randomUUID()];
    await passWith(first, 'org-1');
    await passWith(second, 'org-1', true);
    await passWith(elsewhere, 'org-2');
    await t.runner.start();
    await t.runner.caughtUp();
    await register(first);
    await register(second);
    // A registration naming another organisation than its pass's is no pass of this issuer's.
    await register(elsewhere, 'token-1', 'org-1');

    const all = await registrations().serialsSince(DEVICE, TEST_PASS_TYPE_ID, undefined);
    expect(all).toEqual({ serialNumbers: [first, second], lastUpdated: await tagOf(second) });

    await voidPass(first);
    const since = await registrations().serialsSince(DEVICE, TEST_PASS_TYPE_ID, all!.lastUpdated);
    expect(since).toEqual({ serialNumbers: [first], lastUpdated: await tagOf(first) });
    expect(Number(since!.lastUpdated)).toBeGreaterThan(Number(all!.lastUpdated));

    expect(await registrations().serialsSince(DEVICE, TEST_PASS_TYPE_ID, since!.lastUpdated)).toBeNull();
    expect(await registrations().serialsSince('another-device', TEST_PASS_TYPE_ID, undefined)).toBeNull();
    expect(await registrations().serialsSince(DEVICE, 'pass.com.example.other', undefined)).toBeNull();
  });

  it('forgets an unregistered pass, and every registration of a push token APNs gave up on', async () => {
    const [kept, removed] = [randomUUID(), randomUUID()];
    await passWith(kept, 'org-1');
    await passWith(removed, 'org-1');
    await t.runner.start();
    await t.runner.caughtUp();
    await register(kept);
    await register(removed);

    await registrations().unregister(DEVICE, TEST_PASS_TYPE_ID, removed);
    expect((await registrations().serialsSince(DEVICE, TEST_PASS_TYPE_ID, undefined))?.serialNumbers).toEqual([kept]);

    await registrations().forget(['token-1']);
    expect(await registrations().serialsSince(DEVICE, TEST_PASS_TYPE_ID, undefined)).toBeNull();
  });
});
