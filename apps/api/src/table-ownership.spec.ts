import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Each context owns its tables (issue 50): only its own folder touches them with SQL, and every
 * other context reads them through what the owner exports (CodeReads, PageReads, OrganizationReads,
 * the TenancyGate). A table the API queries must be named here with its owner.
 */
const OWNERS: Record<string, readonly string[]> = {
  codes: ['codes'],
  scan_counts: ['codes'],
  folders: ['folders'],
  notes: ['notes'],
  templates: ['templates'],
  one_time_code_batches: ['one-time-codes'],
  one_time_codes: ['one-time-codes'],
  pages: ['pages'],
  submissions: ['pages'],
  experiences: ['experiences'],
  page_event_data: ['experiences'],
  promo_campaigns: ['promos'],
  promo_codes: ['promos'],
  promo_master_keys: ['promos'],
  promo_master_key_secrets: ['promos'],
  promo_validations: ['promos'],
  promo_validations_hourly: ['promos'],
  loyalty_programmes: ['loyalty'],
  loyalty_members: ['loyalty'],
  loyalty_history: ['loyalty'],
  loyalty_reward_stock: ['loyalty'],
  loyalty_exchanges: ['loyalty'],
  loyalty_referrals: ['loyalty'],
  messaging_campaigns: ['messaging'],
  messaging_consents: ['messaging'],
  messaging_consent_history: ['messaging'],
  messaging_connections: ['messaging'],
  messaging_deliveries: ['messaging'],
  messaging_outbox: ['messaging'],
  messaging_push_subscriptions: ['messaging'],
  messaging_campaign_keys: ['messaging'],
  messaging_auto_sms: ['messaging'],
  messaging_numbers: ['messaging'],
  messaging_verifications: ['messaging'],
  messaging_reactions: ['messaging'],
  pass_designs: ['passes'],
  passes: ['passes'],
  wallet_issuers: ['passes'],
  wallet_apple_registrations: ['passes'],
  wallet_pushes: ['passes'],
  wallet_google_objects: ['passes'],
  wallet_reactions: ['passes'],
  polls: ['polls'],
  poll_rounds: ['polls'],
  poll_tallies: ['polls'],
  poll_votes: ['polls'],
  walls: ['walls'],
  wall_photos: ['walls'],
  games: ['games'],
  game_prize_stock: ['games'],
  game_players: ['games'],
  game_plays: ['games'],
  game_boards: ['games'],
  game_scores: ['games'],
  game_score_counts: ['games'],
  organizations: ['identity'],
  members: ['identity'],
  api_keys: ['identity'],
  api_key_secrets: ['identity'],
  terms_acceptances: ['identity'],
  accounts: ['identity'],
  oidc_keys: ['identity'],
  oidc_payloads: ['identity'],
  // The customers context's folder: its files sit beside analytics' or in one of their own.
  customers: ['customers', 'analytics'],
  customer_people: ['customers', 'analytics'],
  customer_interactions: ['customers', 'analytics'],
};

interface SourceFile {
  /** Relative to apps/api/src, with forward slashes. */
  path: string;
  text: string;
}

/** A table named after FROM, JOIN, UPDATE or INTO in SQL (not `extract(epoch FROM column)`, nor a set-returning function such as `unnest(…)`). */
const TABLE_REFERENCE = /(?<!extract\(\w+\s)\b(?:FROM|JOIN|UPDATE|INTO)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/g;

/** A common table expression's name (`WITH [RECURSIVE] name [(columns)] AS (`, then `, name AS (`): the statement's own, not a table. */
const CTE_NAME = /\b([a-z_][a-z0-9_]*)(?:\([a-z0-9_, ]*\))?\s+AS\s+\(/g;

/** Each SQL reference to a table from outside its owner's folder, or to a table nobody owns. */
function violations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const folder = path.includes('/') ? path.slice(0, path.indexOf('/')) : '(top level)';
    const ctes = new Set(Array.from(text.matchAll(CTE_NAME), ([, name]) => name));
    for (const [, table] of text.matchAll(TABLE_REFERENCE)) {
      if (ctes.has(table)) continue;
      const owners = OWNERS[table!];
      if (!owners) found.push(`${path}: ${table} has no owner in table-ownership.spec.ts`);
      else if (!owners.includes(folder)) found.push(`${path}: ${table} belongs to ${owners.join(' / ')}; ask what it exports instead`);
    }
  }
  return found;
}

function apiSources(root: string): SourceFile[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => ({ path: relative(root, join(root, file)).split(sep).join('/'), text: readFileSync(join(root, file), 'utf8') }));
}

describe('table ownership', () => {
  it('lets no API file query another context’s tables', () => {
    const sources = apiSources(__dirname);
    expect(sources.map((file) => file.path)).toContain('codes/code-reads.ts');
    expect(violations(sources)).toEqual([]);
  });

  it('catches a context that reads another’s table, and a table with no owner', () => {
    const files = [
      { path: 'notes/notes.queries.ts', text: 'db.query(`SELECT n.text FROM notes n JOIN codes c ON c.code_id = n.code_id`)' },
      { path: 'codes/code-reads.ts', text: "db.query('SELECT org_id FROM codes WHERE code_id = $1')" },
      { path: 'pages/pages.queries.ts', text: "db.query('SELECT 1 FROM person_keys')" },
      { path: 'identity/auth/accounts.ts', text: "db.query('UPDATE accounts SET x = ceil(extract(epoch FROM locked_until - now()))')" },
    ];
    expect(violations(files)).toEqual([
      'notes/notes.queries.ts: codes belongs to codes; ask what it exports instead',
      'pages/pages.queries.ts: person_keys has no owner in table-ownership.spec.ts',
    ]);
  });
});
