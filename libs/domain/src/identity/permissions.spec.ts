import { Role } from '@qr/contracts';
import { allows, can, PERMISSIONS, renderPermissionMatrix, type Action } from './permissions';

/**
 * The policy written out a second time, by hand: changing who may do what must change both this
 * and the table, so no one widens a role by accident.
 */
const EXPECTED: Record<Action, string> = {
  'identity.read': 'owner admin editor viewer',
  'identity.update_organization': 'owner admin',
  'identity.manage_members': 'owner admin',
  'identity.manage_owners': 'owner',
  'identity.manage_api_keys': 'owner admin',
  'identity.publish_terms': 'owner admin',
  'identity.accept_terms': 'owner admin editor viewer',
  'identity.delete_organization': 'owner',
  'codes.read': 'owner admin editor viewer',
  'codes.write': 'owner admin editor',
  'pages.read': 'owner admin editor viewer',
  'pages.write': 'owner admin editor',
  'engagement.read': 'owner admin editor viewer',
  'engagement.write': 'owner admin editor',
  'loyalty.read': 'owner admin editor viewer',
  'loyalty.write': 'owner admin editor',
  'loyalty.connect_wallets': 'owner admin',
  'messaging.read': 'owner admin editor viewer',
  'messaging.write': 'owner admin editor',
  'messaging.connect': 'owner admin',
  'integrations.read': 'owner admin editor viewer',
  'integrations.write': 'owner admin',
  'billing.read': 'owner',
  'billing.write': 'owner',
  'analytics.read': 'owner admin editor viewer',
  'analytics.export': 'owner admin',
  'analytics.forget_customers': 'owner admin',
};

const cases = (Object.keys(EXPECTED) as Action[]).flatMap((action) =>
  Role.options.map((role) => {
    const allowed = EXPECTED[action].split(' ').includes(role);
    return { action, role, allowed, verdict: allowed ? 'may' : 'may not' };
  }),
);

test.each(cases)('$role $verdict $action', ({ action, role, allowed }) => {
  expect(allows(role, action)).toBe(allowed);
});

test('the table has no action the expected matrix does not name', () => {
  expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe('named predicates ask the table', () => {
  const named: [string, (role: Role) => boolean, Action][] = [
    ['updateOrganization', can.updateOrganization, 'identity.update_organization'],
    ['manageMembers', can.manageMembers, 'identity.manage_members'],
    ['manageOwners', can.manageOwners, 'identity.manage_owners'],
    ['manageApiKeys', can.manageApiKeys, 'identity.manage_api_keys'],
    ['publishTerms', can.publishTerms, 'identity.publish_terms'],
    ['acceptTerms', can.acceptTerms, 'identity.accept_terms'],
    ['deleteOrganization', can.deleteOrganization, 'identity.delete_organization'],
    ['exportAnalytics', can.exportAnalytics, 'analytics.export'],
    ['forgetCustomers', can.forgetCustomers, 'analytics.forget_customers'],
  ];

  test.each(named)('can.%s follows its row', (_name, predicate, action) => {
    for (const role of Role.options) expect(predicate(role)).toBe(allows(role, action));
  });

  test('can.read and can.write follow the read and write rows of each context', () => {
    expect(can.read('analytics', 'viewer')).toBe(true);
    expect(can.read('billing', 'admin')).toBe(false);
    expect(can.write('codes', 'editor')).toBe(true);
    expect(can.write('codes', 'viewer')).toBe(false);
    expect(can.write('integrations', 'editor')).toBe(false);
  });
});

test('the matrix renders as a markdown table with one row per action and one column per role', () => {
  const lines = renderPermissionMatrix().split('\n');
  expect(lines[0]).toBe('| Action | owner | admin | editor | viewer |');
  expect(lines).toHaveLength(2 + Object.keys(PERMISSIONS).length);
  expect(lines).toContain('| `identity.manage_owners` | ✓ | – | – | – |');
  expect(lines).toContain('| `codes.write` | ✓ | ✓ | ✓ | – |');
});
