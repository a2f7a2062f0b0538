import { randomUUID } from 'node:crypto';
import { PAGE_THEME_PRESETS } from '@qr/contracts';
import { organizationDecider, organizationStreamId, type OrganizationCommand, type OrganizationState } from '@qr/domain';
import type { ExpectedVersion } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { apiKeys, members, organizations } from './index';

const owner = { kind: 'member', email: 'ada@example.com' } as const;
const T0 = Date.parse('2025-03-01T09:00:00Z');
/** The nth command's events happened n minutes after T0, so every *_at column has a known value. */
const at = (n: number) => new Date(T0 + n * 60_000);

/** A command as these tests write it: the owner sends it unless it names another actor. */
type Command = OrganizationCommand extends infer C ? (C extends { actor: infer A } ? Omit<C, 'actor'> & { actor?: A } : C) : never;

describe.each(testAdapters())('identity read models on $name', (adapter) => {
  const t = projectionTestbed(adapter, [organizations, members, apiKeys], { rebuildBatchSize: 2 });

  /**
   * Runs commands through the real decider and appends what it decides, as the API's handlers will,
   * so the projections read real payloads. Commands without an actor are sent by the owner.
   */
  async function history(orgId: string, commands: Command[]): Promise<void> {
    let state: OrganizationState = organizationDecider.initialState;
    let expectedVersion: ExpectedVersion = 'no_stream';
    for (const [n, command] of commands.entries()) {
      // Spreading a union loses the link between type and fields, but each Command is one OrganizationCommand.
      const events = organizationDecider.decide({ actor: owner, ...command } as OrganizationCommand, state);
      state = events.reduce(organizationDecider.evolve, state);
      const appended = await t.store.append({
        streamId: organizationStreamId(orgId),
        expectedVersion,
        events: events.map((event) => ({ ...event, metadata: { org_id: orgId }, occurredAt: at(n) })),
      });
      expectedVersion = appended.nextExpectedVersion;
    }
  }

  async function rows(table: string, orderBy: string): Promise<Record<string, unknown>[]> {
    return (await t.db.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${orderBy}`)).rows;
  }

  const everything = async () => ({
    organizations: await rows('organizations', 'org_id'),
    members: await rows('members', 'org_id, email'),
    api_keys: await rows('api_keys', 'key_id'),
  });

  const created = (org_id: string, name = 'Acme') =>
    ({ type: 'CreateOrganization', org_id, name, logo_url: null, time_zone: 'UTC', created_by: owner.email }) as const;

  it('shows an organisation with its latest profile and the latest terms', async () => {
    const orgId = randomUUID();
    await history(orgId, [
      created(orgId),
      { type: 'UpdateOrganization', name: 'Acme Coffee', logo_url: 'https://cdn.example.com/acme.png', time_zone: 'Asia/Kolkata' },
      { type: 'PublishTerms', text: 'Be nice.' },
      { type: 'PublishTerms', text: 'Be nicer.' },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();

    expect(await rows('organizations', 'org_id')).toEqual([
      {
        org_id: orgId,
        organization_name: 'Acme Coffee',
        organization_logo: 'https://cdn.example.com/acme.png',
        time_zone: 'Asia/Kolkata',
        brand_kit: null,
        created_by: owner.email,
        created_at: at(0),
        updated_at: at(1),
        terms_version: 2,
        terms_text: 'Be nicer.',
        terms_published_at: at(3),
      },
    ]);
  });

  it('keeps the brand kit last set, whole; an organisation that never set one has none stored, so it reads the default', async () => {
    const [branded, plain] = [randomUUID(), randomUUID()];
    const [paper, citrus] = ['paper', 'citrus'].map((id) => PAGE_THEME_PRESETS.find((preset) => preset.id === id)!.style);
    await history(branded, [created(branded), { type: 'SetBrandKit', brand_kit: paper! }, { type: 'SetBrandKit', brand_kit: citrus! }]);
    await history(plain, [created(plain)]);
    await t.runner.start();
    await t.runner.caughtUp();

    const { rows: kits } = await t.db.query<{ org_id: string; brand_kit: unknown; updated_at: Date }>(
      'SELECT org_id, brand_kit, updated_at FROM organizations',
    );
    expect(kits.find((row) => row.org_id === branded)).toEqual({ org_id: branded, brand_kit: citrus, updated_at: at(2) });
    expect(kits.find((row) => row.org_id === plain)).toEqual({ org_id: plain, brand_kit: null, updated_at: at(0) });
  });

  it('lists the members a user would see: removed ones gone, changed roles current, accepted terms', async () => {
    const orgId = randomUUID();
    await history(orgId, [
      created(orgId),
      { type: 'AddMember', email: 'bob@example.com', role: 'editor' },
      { type: 'AddMember', email: 'cy@example.com', role: 'viewer' },
      { type: 'ChangeMemberRole', email: 'bob@example.com', role: 'admin' },
      { type: 'RemoveMember', email: 'cy@example.com' },
      { type: 'PublishTerms', text: 'Be nice.' },
      { type: 'AcceptTerms', version: 1 },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();

    expect(await rows('members', 'email')).toEqual([
      { org_id: orgId, email: 'ada@example.com', role: 'owner', added_at: at(0), accepted_terms_version: 1 },
      { org_id: orgId, email: 'bob@example.com', role: 'admin', added_at: at(1), accepted_terms_version: null },
    ]);
  });

  it('finds every organisation a user belongs to, and only those', async () => {
    const [first, second, other] = [randomUUID(), randomUUID(), randomUUID()];
    await history(first, [created(first), { type: 'AddMember', email: 'bob@example.com', role: 'viewer' }]);
    await history(second, [created(second), { type: 'AddMember', email: 'bob@example.com', role: 'editor' }]);
    await history(other, [created(other)]);
    await t.runner.start();
    await t.runner.caughtUp();

    const { rows: bobs } = await t.db.query<{ org_id: string; role: string }>("SELECT org_id, role FROM members WHERE email = 'bob@example.com' ORDER BY role");
    expect(bobs).toEqual([
      { org_id: second, role: 'editor' },
      { org_id: first, role: 'viewer' },
    ]);
  });

  it('keeps a re-added member’s earlier acceptance of the terms, as the organisation itself does', async () => {
    const orgId = randomUUID();
    await history(orgId, [
      created(orgId),
      { type: 'AddMember', email: 'bob@example.com', role: 'editor' },
      { type: 'PublishTerms', text: 'Be nice.' },
      { type: 'AcceptTerms', actor: { kind: 'member', email: 'bob@example.com' }, version: 1 },
      { type: 'RemoveMember', email: 'bob@example.com' },
      { type: 'AddMember', email: 'bob@example.com', role: 'viewer' },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();

    const { rows: bob } = await t.db.query("SELECT role, accepted_terms_version FROM members WHERE email = 'bob@example.com'");
    expect(bob).toEqual([{ role: 'viewer', accepted_terms_version: 1 }]);
  });

  it('lists API keys with who issued them, and a revoked key shows when it was revoked', async () => {
    const orgId = randomUUID();
    const [live, revoked] = [randomUUID(), randomUUID()];
    await history(orgId, [
      created(orgId),
      { type: 'IssueApiKey', key_id: live, label: 'CI', role: 'editor', prefix: 'qr_live_ab12' },
      { type: 'IssueApiKey', key_id: revoked, label: 'Old script', role: 'viewer', prefix: 'qr_live_cd34' },
      { type: 'RevokeApiKey', key_id: revoked },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();

    const common = { org_id: orgId, created_by: owner.email };
    expect(await rows('api_keys', 'created_at')).toEqual([
      { ...common, key_id: live, label: 'CI', role: 'editor', prefix: 'qr_live_ab12', created_at: at(1), revoked_at: null },
      { ...common, key_id: revoked, label: 'Old script', role: 'viewer', prefix: 'qr_live_cd34', created_at: at(2), revoked_at: at(3) },
    ]);
  });

  it('rebuilds every identity read model to the same rows, replay after replay', async () => {
    const orgId = randomUUID();
    const keyId = randomUUID();
    // Small rebuild batches split these sequences across batches; following live reads them in one.
    await history(orgId, [
      created(orgId),
      { type: 'AddMember', email: 'bob@example.com', role: 'editor' },
      { type: 'RemoveMember', email: 'bob@example.com' },
      { type: 'AddMember', email: 'cy@example.com', role: 'viewer' },
      { type: 'ChangeMemberRole', email: 'cy@example.com', role: 'admin' },
      { type: 'UpdateOrganization', name: 'Acme Coffee' },
      { type: 'PublishTerms', text: 'Be nice.' },
      { type: 'AcceptTerms', version: 1 },
      { type: 'IssueApiKey', key_id: keyId, label: 'CI', role: 'editor', prefix: 'qr_live_ab12' },
      { type: 'RevokeApiKey', key_id: keyId },
    ]);
    await t.runner.start();
    await t.runner.caughtUp();
    const live = await everything();
    expect(live.members.map((m) => m['email'])).toEqual(['ada@example.com', 'cy@example.com']);

    for (const replay of [1, 2]) {
      for (const projection of [organizations, members, apiKeys]) {
        const report = await t.runner.rebuild(projection.name);
        expect(report).toMatchObject({ generation: replay + 1 });
        expect(report.eventsProcessed).toBe(report.eventsInStore);
      }
      expect(await everything()).toEqual(live);
    }
  });
});
