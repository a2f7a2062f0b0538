import { Role } from '@qr/contracts';

/**
 * Who may do what: the one permission table, per bounded context (DESIGN.md §8), and the named
 * predicates every controller and decider asks. A change of policy is a change of this table and
 * of the matrix test beside it, nowhere else.
 */

const everyone = Role.options;
const managers = ['owner', 'admin'] as const satisfies readonly Role[];
const contentEditors = ['owner', 'admin', 'editor'] as const satisfies readonly Role[];
const ownerOnly = ['owner'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  // Organisation profile, members and their roles, API key list, terms.
  'identity.read': everyone,
  'identity.update_organization': managers,
  'identity.manage_members': managers,
  // Granting, demoting or removing an owner: transferring ownership stays with owners.
  'identity.manage_owners': ownerOnly,
  'identity.manage_api_keys': managers,
  'identity.publish_terms': managers,
  'identity.accept_terms': everyone,
  'identity.delete_organization': ownerOnly,
  'codes.read': everyone,
  'codes.write': contentEditors,
  'pages.read': everyone,
  'pages.write': contentEditors,
  'engagement.read': everyone,
  'engagement.write': contentEditors,
  'loyalty.read': everyone,
  'loyalty.write': contentEditors,
  // A wallet issuer's certificate and key sign passes in the organisation's name: not an editor's call.
  'loyalty.connect_wallets': managers,
  'messaging.read': everyone,
  'messaging.write': contentEditors,
  // Connecting an SMTP server or a Twilio account hands over the provider's credentials, and buying a number costs money.
  'messaging.connect': managers,
  'integrations.read': everyone,
  // Connecting a shop or mailing service hands over third-party credentials: not an editor's call.
  'integrations.write': managers,
  'billing.read': ownerOnly,
  'billing.write': ownerOnly,
  'analytics.read': everyone,
  // An export takes visitors' emails and phone numbers out of the platform in bulk.
  'analytics.export': managers,
  // Forgetting a customer destroys their data for good (their keys are deleted).
  'analytics.forget_customers': managers,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

type ContextsWithVerb<A extends string, Verb extends string> = A extends `${infer Context}.${Verb}` ? Context : never;
export type BoundedContext = ContextsWithVerb<Action, 'read'>;
export type WritableContext = ContextsWithVerb<Action, 'write'>;

export function allows(role: Role, action: Action): boolean {
  const allowed: readonly Role[] = PERMISSIONS[action];
  return allowed.includes(role);
}

type Predicate = (role: Role) => boolean;
const permits =
  (action: Action): Predicate =>
  (role) =>
    allows(role, action);

export const can = {
  read: (context: BoundedContext, role: Role): boolean => allows(role, `${context}.read`),
  write: (context: WritableContext, role: Role): boolean => allows(role, `${context}.write`),
  updateOrganization: permits('identity.update_organization'),
  manageMembers: permits('identity.manage_members'),
  manageOwners: permits('identity.manage_owners'),
  manageApiKeys: permits('identity.manage_api_keys'),
  publishTerms: permits('identity.publish_terms'),
  acceptTerms: permits('identity.accept_terms'),
  deleteOrganization: permits('identity.delete_organization'),
  connectMessaging: permits('messaging.connect'),
  connectWallets: permits('loyalty.connect_wallets'),
  exportAnalytics: permits('analytics.export'),
  forgetCustomers: permits('analytics.forget_customers'),
};

/** The matrix as a markdown table, for ARCHITECTURE.md: one row per action, one column per role. */
export function renderPermissionMatrix(): string {
  const header = `| Action | ${Role.options.join(' | ')} |`;
  const rule = `|---|${Role.options.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(PERMISSIONS) as Action[]).map(
    (action) => `| \`${action}\` | ${Role.options.map((role) => (allows(role, action) ? '✓' : '–')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
