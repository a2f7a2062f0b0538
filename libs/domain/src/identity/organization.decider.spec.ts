import { DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS, type BrandKit, type Role } from '@qr/contracts';
import { deciderSpec } from '../testing/decider-spec';
import type { Actor, MemberActor } from './organization.commands';
import { organizationDecider } from './organization.decider';
import { organizationStreamId, type MemberAdded, type OrganizationEvent } from './organization.events';

const given = deciderSpec(organizationDecider);

const ORG_ID = '0b9f5a4e-3c1d-4e8f-9a2b-7c6d5e4f3a21';
const OWNER = 'olive@example.com';
const CO_OWNER = 'otto@example.com';
const ADMIN = 'adam@example.com';
const EDITOR = 'edie@example.com';
const VIEWER = 'vic@example.com';
const KEY_ID = '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

const member = (email: string): MemberActor => ({ kind: 'member', email });
const apiKey = (key_id: string): Actor => ({ kind: 'api_key', key_id });
const joined = (email: string, role: Role): MemberAdded => ({ type: 'MemberAdded', data: { email, role, added_by: OWNER } });

const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { org_id: ORG_ID, name: 'Corner Café', logo_url: null, time_zone: 'Europe/Lisbon', created_by: OWNER } },
  joined(OWNER, 'owner'),
];
const team: OrganizationEvent[] = [...created, joined(ADMIN, 'admin'), joined(EDITOR, 'editor'), joined(VIEWER, 'viewer')];
const keyIssued = (role: Role): OrganizationEvent => ({
  type: 'ApiKeyIssued',
  data: { key_id: KEY_ID, label: 'nightly export', role, prefix: 'qrk_5d1e', issued_by: OWNER },
});

test('an organisation’s events live on the stream organization-<org_id>', () => {
  expect(organizationStreamId(ORG_ID)).toBe(`organization-${ORG_ID}`);
});

describe('creating an organisation', () => {
  const create = { type: 'CreateOrganization', org_id: ORG_ID, name: 'Corner Café', logo_url: null, time_zone: 'Europe/Lisbon' } as const;

  test('the creator becomes its first owner', () => {
    given([])
      .when({ ...create, created_by: OWNER })
      .then(created);
  });

  test('the creator’s email is recorded in lower case', () => {
    given([])
      .when({ ...create, created_by: 'Olive@Example.COM' })
      .then(created);
  });

  test('a creator without a valid email is refused', () => {
    given([])
      .when({ ...create, created_by: 'olive' })
      .then('validation_failed');
  });

  test('an id already in use is refused', () => {
    given(created)
      .when({ ...create, created_by: OWNER })
      .then('wrong_expected_version');
  });
});

describe('updating the organisation', () => {
  test('an admin renames it and the logo stays', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member(ADMIN), name: 'Corner Café & Bar' })
      .then([{ type: 'OrganizationUpdated', data: { name: 'Corner Café & Bar', logo_url: null, time_zone: 'Europe/Lisbon', updated_by: ADMIN } }]);
  });

  test('an owner sets a logo, then removes it with null', () => {
    const logo = 'https://cdn.example.com/logo.png';
    const withLogo: OrganizationEvent = {
      type: 'OrganizationUpdated',
      data: { name: 'Corner Café', logo_url: logo, time_zone: 'Europe/Lisbon', updated_by: OWNER },
    };
    given(team)
      .when({ type: 'UpdateOrganization', actor: member(OWNER), logo_url: logo })
      .then([withLogo]);
    given([...team, withLogo])
      .when({ type: 'UpdateOrganization', actor: member(OWNER), logo_url: null })
      .then([{ type: 'OrganizationUpdated', data: { name: 'Corner Café', logo_url: null, time_zone: 'Europe/Lisbon', updated_by: OWNER } }]);
  });

  test('an admin moves it to another time zone, which analytics then cut days in', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member(ADMIN), time_zone: 'America/New_York' })
      .then([{ type: 'OrganizationUpdated', data: { name: 'Corner Café', logo_url: null, time_zone: 'America/New_York', updated_by: ADMIN } }]);
  });

  test('an organisation created before time zones existed is in UTC', () => {
    const createdBeforeTimeZones: OrganizationEvent = {
      type: 'OrganizationCreated',
      data: { org_id: ORG_ID, name: 'Corner Café', logo_url: null, created_by: OWNER },
    };
    given([createdBeforeTimeZones, created[1]!])
      .when({ type: 'UpdateOrganization', actor: member(OWNER), name: 'Corner Bar' })
      .then([{ type: 'OrganizationUpdated', data: { name: 'Corner Bar', logo_url: null, time_zone: 'UTC', updated_by: OWNER } }]);
  });

  test('saving what is already there records nothing', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member(OWNER), name: 'Corner Café', logo_url: null })
      .then([]);
  });

  test('an editor cannot change it', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member(EDITOR), name: 'Mine now' })
      .then('forbidden');
  });

  test('an organisation that does not exist cannot be updated', () => {
    given([])
      .when({ type: 'UpdateOrganization', actor: member(OWNER), name: 'Ghost' })
      .then('organization_not_found');
  });

  test('someone outside the organisation is told it does not exist', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member('mallory@example.com'), name: 'Hijacked' })
      .then('organization_not_found');
  });

  test('the acting member’s email is matched in any letter case', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: member('Adam@Example.com'), name: 'Renamed' })
      .then([{ type: 'OrganizationUpdated', data: { name: 'Renamed', logo_url: null, time_zone: 'Europe/Lisbon', updated_by: ADMIN } }]);
  });
});

describe('the brand kit', () => {
  const forest: BrandKit = PAGE_THEME_PRESETS.find((preset) => preset.id === 'forest')!.style;
  const forestSet: OrganizationEvent = { type: 'OrganizationBrandKitSet', data: { brand_kit: forest, set_by: ADMIN } };

  test('an admin sets it whole, recorded with who set it', () => {
    given(team)
      .when({ type: 'SetBrandKit', actor: member(ADMIN), brand_kit: forest })
      .then([forestSet]);
  });

  test('an owner changes one colour of a kit set before, and the event carries the whole kit', () => {
    const brighter: BrandKit = { ...forest, light: { ...forest.light, accent: '#7a4f00' } };
    given([...team, forestSet])
      .when({ type: 'SetBrandKit', actor: member(OWNER), brand_kit: brighter })
      .then([{ type: 'OrganizationBrandKitSet', data: { brand_kit: brighter, set_by: OWNER } }]);
  });

  test('a new organisation has the default kit, so saving the default records nothing', () => {
    given(team)
      .when({ type: 'SetBrandKit', actor: member(OWNER), brand_kit: DEFAULT_THEME_STYLE })
      .then([]);
  });

  test('saving the kit as it is records nothing, whatever order its stored fields come back in', () => {
    const backwards = ({ primary, accent, text, background }: BrandKit['light']) => ({ background, text, accent, primary });
    const { light, dark, heading_font, body_font, radius, button_style } = forest;
    const storedBack: OrganizationEvent = {
      type: 'OrganizationBrandKitSet',
      data: { brand_kit: { button_style, radius, body_font, heading_font, dark: dark && backwards(dark), light: backwards(light) }, set_by: ADMIN },
    };
    given([...team, storedBack])
      .when({ type: 'SetBrandKit', actor: member(ADMIN), brand_kit: forest })
      .then([]);
  });

  test('a kit that differs only in having no dark colours is recorded', () => {
    given([...team, forestSet])
      .when({ type: 'SetBrandKit', actor: member(ADMIN), brand_kit: { ...forest, dark: null } })
      .then([{ type: 'OrganizationBrandKitSet', data: { brand_kit: { ...forest, dark: null }, set_by: ADMIN } }]);
  });

  test('an editor or a viewer cannot change it', () => {
    for (const who of [EDITOR, VIEWER]) {
      given(team)
        .when({ type: 'SetBrandKit', actor: member(who), brand_kit: forest })
        .then('forbidden');
    }
  });

  test('someone outside the organisation is told it does not exist', () => {
    given(team)
      .when({ type: 'SetBrandKit', actor: member('mallory@example.com'), brand_kit: forest })
      .then('organization_not_found');
  });
});

describe('adding members', () => {
  test('an admin adds a member with the role given, email in lower case', () => {
    given(team)
      .when({ type: 'AddMember', actor: member(ADMIN), email: 'New.Hire@Example.com', role: 'editor' })
      .then([{ type: 'MemberAdded', data: { email: 'new.hire@example.com', role: 'editor', added_by: ADMIN } }]);
  });

  test('someone already in the organisation cannot be added again, whatever the letter case', () => {
    given(team)
      .when({ type: 'AddMember', actor: member(ADMIN), email: 'EDIE@example.com', role: 'viewer' })
      .then('member_already_exists');
  });

  test('an invalid email is refused', () => {
    given(team)
      .when({ type: 'AddMember', actor: member(ADMIN), email: 'not-an-email', role: 'viewer' })
      .then('validation_failed');
  });

  test.each([EDITOR, VIEWER])('%s, not a manager, cannot add members', (actor) => {
    given(team)
      .when({ type: 'AddMember', actor: member(actor), email: 'new@example.com', role: 'viewer' })
      .then('forbidden');
  });

  test('an admin cannot make a newcomer an owner', () => {
    given(team)
      .when({ type: 'AddMember', actor: member(ADMIN), email: 'new@example.com', role: 'owner' })
      .then('forbidden');
  });

  test('an owner can add another owner', () => {
    given(team)
      .when({ type: 'AddMember', actor: member(OWNER), email: CO_OWNER, role: 'owner' })
      .then([{ type: 'MemberAdded', data: { email: CO_OWNER, role: 'owner', added_by: OWNER } }]);
  });

  test('nobody can be added to an organisation that does not exist', () => {
    given([])
      .when({ type: 'AddMember', actor: member(OWNER), email: 'new@example.com', role: 'viewer' })
      .then('organization_not_found');
  });
});

describe('removing members', () => {
  test('an admin removes an editor', () => {
    given(team)
      .when({ type: 'RemoveMember', actor: member(ADMIN), email: EDITOR })
      .then([{ type: 'MemberRemoved', data: { email: EDITOR, role: 'editor', removed_by: ADMIN } }]);
  });

  test('removing someone who is not a member is refused', () => {
    given(team)
      .when({ type: 'RemoveMember', actor: member(ADMIN), email: 'stranger@example.com' })
      .then('member_not_found');
  });

  test('a viewer cannot remove anyone', () => {
    given(team)
      .when({ type: 'RemoveMember', actor: member(VIEWER), email: EDITOR })
      .then('forbidden');
  });

  test('an admin cannot remove an owner', () => {
    given([...team, joined(CO_OWNER, 'owner')])
      .when({ type: 'RemoveMember', actor: member(ADMIN), email: CO_OWNER })
      .then('forbidden');
  });

  test('the last owner cannot be removed, not even by themself', () => {
    given(team)
      .when({ type: 'RemoveMember', actor: member(OWNER), email: OWNER })
      .then('last_owner');
  });

  test('an owner can remove another owner', () => {
    given([...team, joined(CO_OWNER, 'owner')])
      .when({ type: 'RemoveMember', actor: member(OWNER), email: CO_OWNER })
      .then([{ type: 'MemberRemoved', data: { email: CO_OWNER, role: 'owner', removed_by: OWNER } }]);
  });

  test('a removed member can no longer act in the organisation', () => {
    const removed: OrganizationEvent = { type: 'MemberRemoved', data: { email: ADMIN, role: 'admin', removed_by: OWNER } };
    given([...team, removed])
      .when({ type: 'AddMember', actor: member(ADMIN), email: 'new@example.com', role: 'viewer' })
      .then('organization_not_found');
  });
});

describe('changing a member’s role', () => {
  test('an admin promotes a viewer to editor', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(ADMIN), email: VIEWER, role: 'editor' })
      .then([{ type: 'MemberRoleChanged', data: { email: VIEWER, from: 'viewer', to: 'editor', changed_by: ADMIN } }]);
  });

  test('the role of someone who is not a member cannot be changed', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(ADMIN), email: 'stranger@example.com', role: 'editor' })
      .then('member_not_found');
  });

  test('an editor cannot change roles', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(EDITOR), email: VIEWER, role: 'editor' })
      .then('forbidden');
  });

  test('an admin cannot make anyone an owner, themself included', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(ADMIN), email: ADMIN, role: 'owner' })
      .then('forbidden');
  });

  test('an admin cannot demote an owner', () => {
    given([...team, joined(CO_OWNER, 'owner')])
      .when({ type: 'ChangeMemberRole', actor: member(ADMIN), email: CO_OWNER, role: 'viewer' })
      .then('forbidden');
  });

  test('the last owner cannot demote themself', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(OWNER), email: OWNER, role: 'admin' })
      .then('last_owner');
  });

  test('an owner may demote themself while another owner remains', () => {
    given([...team, joined(CO_OWNER, 'owner')])
      .when({ type: 'ChangeMemberRole', actor: member(OWNER), email: OWNER, role: 'admin' })
      .then([{ type: 'MemberRoleChanged', data: { email: OWNER, from: 'owner', to: 'admin', changed_by: OWNER } }]);
  });

  test('an owner hands ownership to an admin', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(OWNER), email: ADMIN, role: 'owner' })
      .then([{ type: 'MemberRoleChanged', data: { email: ADMIN, from: 'admin', to: 'owner', changed_by: OWNER } }]);
  });

  test('setting the role a member already has records nothing', () => {
    given(team)
      .when({ type: 'ChangeMemberRole', actor: member(ADMIN), email: EDITOR, role: 'editor' })
      .then([]);
  });

  test('an admin demoted to viewer can no longer manage members', () => {
    const demoted: OrganizationEvent = { type: 'MemberRoleChanged', data: { email: ADMIN, from: 'admin', to: 'viewer', changed_by: OWNER } };
    given([...team, demoted])
      .when({ type: 'RemoveMember', actor: member(ADMIN), email: EDITOR })
      .then('forbidden');
  });
});

describe('terms', () => {
  const published = (version: number): OrganizationEvent => ({
    type: 'TermsPublished',
    data: { version, text: `Terms v${version}`, published_by: ADMIN },
  });
  const accepted = (version: number): OrganizationEvent => ({ type: 'TermsAccepted', data: { email: VIEWER, version } });

  test('the first terms an admin publishes are version 1', () => {
    given(team)
      .when({ type: 'PublishTerms', actor: member(ADMIN), text: 'Terms v1' })
      .then([published(1)]);
  });

  test('publishing again makes the next version', () => {
    given([...team, published(1)])
      .when({ type: 'PublishTerms', actor: member(ADMIN), text: 'Terms v2' })
      .then([published(2)]);
  });

  test('an editor cannot publish terms', () => {
    given(team)
      .when({ type: 'PublishTerms', actor: member(EDITOR), text: 'My terms' })
      .then('forbidden');
  });

  test('a viewer accepts the published terms', () => {
    given([...team, published(1)])
      .when({ type: 'AcceptTerms', actor: member(VIEWER), version: 1 })
      .then([accepted(1)]);
  });

  test('terms that were never published cannot be accepted', () => {
    given(team)
      .when({ type: 'AcceptTerms', actor: member(VIEWER), version: 1 })
      .then('not_found');
    given([...team, published(1)])
      .when({ type: 'AcceptTerms', actor: member(VIEWER), version: 2 })
      .then('not_found');
  });

  test('accepting the same terms again records nothing', () => {
    given([...team, published(1), accepted(1)])
      .when({ type: 'AcceptTerms', actor: member(VIEWER), version: 1 })
      .then([]);
  });

  test('after new terms are published, a member who accepted the old ones accepts the new', () => {
    given([...team, published(1), accepted(1), published(2)])
      .when({ type: 'AcceptTerms', actor: member(VIEWER), version: 2 })
      .then([accepted(2)]);
  });
});

describe('API keys', () => {
  test('an admin issues a key: the event names its prefix and role, never its secret', () => {
    given(team)
      .when({ type: 'IssueApiKey', actor: member(ADMIN), key_id: KEY_ID, label: 'nightly export', role: 'viewer', prefix: 'qrk_5d1e' })
      .then([{ type: 'ApiKeyIssued', data: { key_id: KEY_ID, label: 'nightly export', role: 'viewer', prefix: 'qrk_5d1e', issued_by: ADMIN } }]);
  });

  test('an editor cannot issue keys', () => {
    given(team)
      .when({ type: 'IssueApiKey', actor: member(EDITOR), key_id: KEY_ID, label: 'mine', role: 'editor', prefix: 'qrk_5d1e' })
      .then('forbidden');
  });

  test('an admin cannot issue a key with the owner role', () => {
    given(team)
      .when({ type: 'IssueApiKey', actor: member(ADMIN), key_id: KEY_ID, label: 'root', role: 'owner', prefix: 'qrk_5d1e' })
      .then('forbidden');
  });

  test('an owner can issue a key with the owner role', () => {
    given(team)
      .when({ type: 'IssueApiKey', actor: member(OWNER), key_id: KEY_ID, label: 'nightly export', role: 'owner', prefix: 'qrk_5d1e' })
      .then([keyIssued('owner')]);
  });

  test('a key acts with its own role: an admin key adds members', () => {
    given([...team, keyIssued('admin')])
      .when({ type: 'AddMember', actor: apiKey(KEY_ID), email: 'new@example.com', role: 'viewer' })
      .then([{ type: 'MemberAdded', data: { email: 'new@example.com', role: 'viewer', added_by: `api_key:${KEY_ID}` } }]);
  });

  test('a key acts with its own role: an editor key cannot issue keys', () => {
    given([...team, keyIssued('editor')])
      .when({ type: 'IssueApiKey', actor: apiKey(KEY_ID), key_id: 'another-key', label: 'more', role: 'viewer', prefix: 'qrk_anot' })
      .then('forbidden');
  });

  test('an admin revokes a key', () => {
    given([...team, keyIssued('admin')])
      .when({ type: 'RevokeApiKey', actor: member(ADMIN), key_id: KEY_ID })
      .then([{ type: 'ApiKeyRevoked', data: { key_id: KEY_ID, revoked_by: ADMIN } }]);
  });

  test('a viewer cannot revoke keys', () => {
    given([...team, keyIssued('admin')])
      .when({ type: 'RevokeApiKey', actor: member(VIEWER), key_id: KEY_ID })
      .then('forbidden');
  });

  test('revoking a key that does not exist is refused', () => {
    given(team)
      .when({ type: 'RevokeApiKey', actor: member(ADMIN), key_id: KEY_ID })
      .then('api_key_not_found');
  });

  const revoked: OrganizationEvent = { type: 'ApiKeyRevoked', data: { key_id: KEY_ID, revoked_by: OWNER } };

  test('revoking a key twice is refused', () => {
    given([...team, keyIssued('admin'), revoked])
      .when({ type: 'RevokeApiKey', actor: member(ADMIN), key_id: KEY_ID })
      .then('api_key_not_found');
  });

  test('a revoked key can no longer act', () => {
    given([...team, keyIssued('admin'), revoked])
      .when({ type: 'UpdateOrganization', actor: apiKey(KEY_ID), name: 'Renamed' })
      .then('unauthenticated');
  });

  test('a key of another organisation cannot act here', () => {
    given(team)
      .when({ type: 'UpdateOrganization', actor: apiKey(KEY_ID), name: 'Renamed' })
      .then('unauthenticated');
  });
});
