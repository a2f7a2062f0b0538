import type { Role } from '@qr/contracts';
import { can } from '@qr/domain';
import { randomUUID } from 'node:crypto';
import { joinedMember } from '../loyalty/loyalty.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { callerOf, createOrganization, signedUpToken, type ApiCaller, type Method } from './organization-api.fixture';

const ORGS = '/api/v1/organizations';
const OWNER = 'olive@example.com';
const TARGET = 'target@example.com';
const STRANGER = 'mallory@example.com';
const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];

interface Endpoint {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  payload?: (ids: Ids) => object;
  allowed: (role: Role) => boolean;
  success: number;
  /** What another tenant hears: codes and pages are addressed by their own ids, so they answer code_not_found or page_not_found. */
  foreign?: 'code_not_found' | 'page_not_found' | 'folder_not_found' | 'note_not_found' | 'loyalty_programme_not_found' | 'poll_not_found' | 'game_not_found';
}

interface Ids {
  orgId: string;
  keyId: string;
  codeId: string;
  pageId: string;
  folderId: string;
  noteId: string;
  programmeId: string;
  cardId: string;
  pollId: string;
  gameId: string;
}

const CODES = '/api/v1/codes';
const writeCodes = (role: Role) => can.write('codes', role);
const readCodes = (role: Role) => can.read('codes', role);

const anyMember = (role: Role) => can.read('identity', role);
const PAGES = '/api/v1/pages';
const FOLDERS = '/api/v1/folders';
const NOTES = '/api/v1/notes';
const writePages = (role: Role) => can.write('pages', role);
const PROMOS = '/api/v1/promos';
const PROMO_KEYS = '/api/v1/promo-keys';
const LOYALTY = '/api/v1/loyalty/programmes';
const PROGRAMME_TERMS = { name: 'Coffee card', kind: 'stamps', reward_list: [{ reward_id: randomUUID(), name: 'A coffee', price: 1 }] };
const writeLoyalty = (role: Role) => can.write('loyalty', role);
const readLoyalty = (role: Role) => can.read('loyalty', role);
const readPages = (role: Role) => can.read('pages', role);
const POLLS = '/api/v1/polls';
const POLL_TERMS = {
  question: 'Tea or coffee?',
  kind: 'single',
  options: [
    { id: 'tea', label: 'Tea' },
    { id: 'coffee', label: 'Coffee' },
  ],
};
const writeEngagement = (role: Role) => can.write('engagement', role);
const readEngagement = (role: Role) => can.read('engagement', role);
const MESSAGING = '/api/v1/messaging';
const writeMessaging = (role: Role) => can.write('messaging', role);
const readMessaging = (role: Role) => can.read('messaging', role);
const WALLS = '/api/v1/walls';
const GAMES = '/api/v1/games';
const GAME_TERMS = {
  name: 'Spin to win',
  kind: 'wheel',
  prizes: [{ id: 'coffee', label: 'A coffee', stock: 5, chance: 50, claim: { kind: 'voucher', text: 'One coffee' } }],
};

/**
 * Every protected endpoint that takes an organisation, with the predicate of permissions.ts that
 * decides it. A new endpoint joins this list, and so the role matrix, the anonymous 401s and the
 * cross-tenant 404s below. Order matters: deletions come last.
 */
const ENDPOINTS: Endpoint[] = [
  { name: 'get organisation', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}`, allowed: anyMember, success: 200 },
  { name: 'check existence', method: 'POST', url: () => `${ORGS}/check-existence`, payload: ({ orgId }) => ({ id: orgId }), allowed: anyMember, success: 200 },
  { name: 'get identifier', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}/identifier`, allowed: anyMember, success: 200 },
  {
    name: 'update organisation',
    method: 'PATCH',
    url: ({ orgId: o }) => `${ORGS}/${o}`,
    payload: () => ({ organization_name: 'New name' }),
    allowed: can.updateOrganization,
    success: 200,
  },
  { name: 'list users', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}/users`, allowed: anyMember, success: 200 },
  { name: 'get role', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}/users/${TARGET}/role`, allowed: anyMember, success: 200 },
  {
    name: 'add user',
    method: 'POST',
    url: ({ orgId: o }) => `${ORGS}/${o}/users`,
    payload: () => ({ email: 'new@example.com', role: 'viewer' }),
    allowed: can.manageMembers,
    success: 201,
  },
  {
    name: 'edit role',
    method: 'PUT',
    url: ({ orgId: o }) => `${ORGS}/${o}/users/${TARGET}`,
    payload: () => ({ role: 'editor' }),
    allowed: can.manageMembers,
    success: 200,
  },
  { name: 'list API keys', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}/api-keys`, allowed: anyMember, success: 200 },
  {
    name: 'issue API key',
    method: 'POST',
    url: ({ orgId: o }) => `${ORGS}/${o}/api-keys`,
    payload: () => ({ label: 'ci', role: 'viewer' }),
    allowed: can.manageApiKeys,
    success: 201,
  },
  { name: 'get terms', method: 'GET', url: ({ orgId: o }) => `${ORGS}/${o}/terms`, allowed: anyMember, success: 200 },
  {
    name: 'accept terms',
    method: 'POST',
    url: ({ orgId: o }) => `${ORGS}/${o}/terms/accept`,
    payload: () => ({ version: 1 }),
    allowed: can.acceptTerms,
    success: 200,
  },
  {
    name: 'publish terms',
    method: 'POST',
    url: ({ orgId: o }) => `${ORGS}/${o}/terms`,
    payload: () => ({ text: 'Version two.' }),
    allowed: can.publishTerms,
    success: 201,
  },
  {
    name: 'create code',
    method: 'POST',
    url: () => CODES,
    payload: ({ orgId }) => ({ org_id: orgId, name: 'New', type: 'text', text: 'hi' }),
    allowed: writeCodes,
    success: 201,
  },
  { name: 'list codes', method: 'GET', url: ({ orgId }) => `${CODES}?org_id=${orgId}`, allowed: readCodes, success: 200 },
  { name: 'code names', method: 'GET', url: ({ orgId }) => `${CODES}/names?org_id=${orgId}`, allowed: readCodes, success: 200 },
  { name: 'get code', method: 'GET', url: ({ codeId }) => `${CODES}/${codeId}`, allowed: readCodes, success: 200, foreign: 'code_not_found' },
  { name: 'code children', method: 'GET', url: ({ codeId }) => `${CODES}/${codeId}/children`, allowed: readCodes, success: 200, foreign: 'code_not_found' },
  {
    name: 'update code',
    method: 'PUT',
    url: ({ codeId }) => `${CODES}/${codeId}`,
    payload: () => ({ name: 'Changed', type: 'text', text: 'changed' }),
    allowed: writeCodes,
    success: 200,
    foreign: 'code_not_found',
  },
  { name: 'create folder', method: 'POST', url: () => FOLDERS, payload: ({ orgId }) => ({ org_id: orgId, name: 'New' }), allowed: writeCodes, success: 201 },
  { name: 'list folders', method: 'GET', url: ({ orgId }) => `${FOLDERS}?org_id=${orgId}`, allowed: readCodes, success: 200 },
  { name: 'get folder', method: 'GET', url: ({ folderId }) => `${FOLDERS}/${folderId}`, allowed: readCodes, success: 200, foreign: 'folder_not_found' },
  {
    name: 'rename folder',
    method: 'PATCH',
    url: ({ folderId }) => `${FOLDERS}/${folderId}`,
    payload: () => ({ name: 'Renamed' }),
    allowed: writeCodes,
    success: 200,
    foreign: 'folder_not_found',
  },
  {
    name: 'add codes to folder',
    method: 'POST',
    url: ({ folderId }) => `${FOLDERS}/${folderId}/codes`,
    payload: ({ codeId }) => ({ code_ids: [codeId] }),
    allowed: writeCodes,
    success: 200,
    foreign: 'folder_not_found',
  },
  { name: 'folder codes', method: 'GET', url: ({ folderId }) => `${FOLDERS}/${folderId}/codes`, allowed: readCodes, success: 200, foreign: 'folder_not_found' },
  {
    name: 'remove codes from folder',
    method: 'POST',
    url: ({ folderId }) => `${FOLDERS}/${folderId}/codes/remove`,
    payload: ({ codeId }) => ({ code_ids: [codeId] }),
    allowed: writeCodes,
    success: 200,
    foreign: 'folder_not_found',
  },
  {
    name: 'remove a code from folder',
    method: 'DELETE',
    url: ({ folderId, codeId }) => `${FOLDERS}/${folderId}/codes/${codeId}`,
    allowed: writeCodes,
    success: 204,
    foreign: 'folder_not_found',
  },
  {
    name: 'add note',
    method: 'POST',
    url: () => NOTES,
    payload: ({ codeId }) => ({ code_id: codeId, text: 'Hi' }),
    allowed: writeCodes,
    success: 201,
    foreign: 'code_not_found',
  },
  { name: 'code notes', method: 'GET', url: ({ codeId }) => `${NOTES}?code_id=${codeId}`, allowed: readCodes, success: 200, foreign: 'code_not_found' },
  { name: 'organisation notes', method: 'GET', url: ({ orgId }) => `${NOTES}?org_id=${orgId}`, allowed: readCodes, success: 200 },
  {
    name: 'create promo campaign',
    method: 'POST',
    url: () => PROMOS,
    payload: ({ orgId, codeId }) => ({
      org_id: orgId,
      code_id: codeId,
      codes: { kind: 'unique', pattern: { mask: '########' }, count: 1 },
      terms: { name: 'Summer', offer: { kind: 'text', text: 'A coffee' } },
    }),
    allowed: writeLoyalty,
    success: 201,
  },
  { name: 'list promo campaigns', method: 'GET', url: ({ orgId }) => `${PROMOS}?org_id=${orgId}`, allowed: readLoyalty, success: 200 },
  {
    name: 'create selfie wall',
    method: 'POST',
    url: () => WALLS,
    payload: ({ orgId, codeId }) => ({ org_id: orgId, code_id: codeId, title: 'Party' }),
    allowed: writeEngagement,
    success: 201,
    foreign: 'code_not_found',
  },
  { name: 'list selfie walls', method: 'GET', url: ({ orgId }) => `${WALLS}?org_id=${orgId}`, allowed: readEngagement, success: 200 },
  // A key's view shows its secret: only those who may change promos read keys.
  { name: 'list promo keys', method: 'GET', url: ({ orgId }) => `${PROMO_KEYS}?org_id=${orgId}`, allowed: writeLoyalty, success: 200 },
  {
    name: 'create promo key',
    method: 'POST',
    url: () => PROMO_KEYS,
    payload: ({ orgId }) => ({ org_id: orgId, name: 'Counter' }),
    allowed: writeLoyalty,
    success: 201,
  },
  {
    name: 'draft campaign',
    method: 'POST',
    url: () => `${MESSAGING}/campaigns`,
    payload: ({ orgId }) => ({ org_id: orgId, channel: 'sms', name: 'Hello', message: 'Hi {{first_name}}' }),
    allowed: writeMessaging,
    success: 201,
  },
  { name: 'list campaigns', method: 'GET', url: ({ orgId }) => `${MESSAGING}/campaigns?org_id=${orgId}`, allowed: readMessaging, success: 200 },
  { name: 'messaging connections', method: 'GET', url: ({ orgId }) => `${MESSAGING}/connections?org_id=${orgId}`, allowed: readMessaging, success: 200 },
  {
    name: 'connect SMTP',
    method: 'PUT',
    url: () => `${MESSAGING}/connections/smtp`,
    payload: ({ orgId }) => ({ org_id: orgId, host: 'smtp.example.com', from: 'news@example.com', password: 'secret' }),
    allowed: can.connectMessaging,
    success: 200,
  },
  { name: 'list pass designs', method: 'GET', url: ({ orgId }) => `/api/v1/passes/designs?org_id=${orgId}`, allowed: readLoyalty, success: 200 },
  { name: 'wallet issuers', method: 'GET', url: ({ orgId }) => `/api/v1/passes/issuers?org_id=${orgId}`, allowed: readLoyalty, success: 200 },
  {
    name: 'disconnect a wallet',
    method: 'DELETE',
    url: ({ orgId }) => `/api/v1/passes/issuers/google?org_id=${orgId}`,
    allowed: can.connectWallets,
    success: 200,
  },
  { name: 'list passes', method: 'GET', url: ({ orgId }) => `/pass-service/passes?org_id=${orgId}`, allowed: readLoyalty, success: 200 },
  { name: 'messaging outbox', method: 'GET', url: ({ orgId }) => `${MESSAGING}/outbox?org_id=${orgId}`, allowed: readMessaging, success: 200 },
  {
    name: 'record consent',
    method: 'POST',
    url: () => `${MESSAGING}/consents`,
    payload: ({ orgId }) => ({ org_id: orgId, address: 'someone@example.com', status: 'given' }),
    allowed: writeMessaging,
    success: 201,
  },
  {
    name: 'send SMS',
    method: 'POST',
    url: () => `${MESSAGING}/sms/send`,
    payload: ({ orgId }) => ({ org_id: orgId, to: '+15557770100', message: 'Your table is ready.' }),
    allowed: writeMessaging,
    success: 200,
  },
  { name: 'list SMS campaign keys', method: 'GET', url: ({ orgId }) => `${MESSAGING}/sms/campaign-keys?org_id=${orgId}`, allowed: readMessaging, success: 200 },
  {
    name: 'add auto SMS',
    method: 'POST',
    url: () => `${MESSAGING}/sms/auto`,
    payload: ({ orgId }) => ({ org_id: orgId, trigger: 'form_submitted', message: 'Thanks {{first_name}}!' }),
    allowed: writeMessaging,
    success: 201,
  },
  { name: 'list auto SMS', method: 'GET', url: ({ orgId }) => `${MESSAGING}/sms/auto?org_id=${orgId}`, allowed: readMessaging, success: 200 },
  {
    name: 'start phone verification',
    method: 'POST',
    url: () => `${MESSAGING}/sms/verification`,
    payload: ({ orgId }) => ({ org_id: orgId, phone: '+15557770101' }),
    allowed: writeMessaging,
    success: 200,
  },
  {
    name: 'create loyalty programme',
    method: 'POST',
    url: () => LOYALTY,
    payload: ({ orgId, codeId }) => ({ org_id: orgId, code_id: codeId, terms: PROGRAMME_TERMS }),
    allowed: writeLoyalty,
    success: 201,
  },
  { name: 'list loyalty programmes', method: 'GET', url: ({ orgId }) => `${LOYALTY}?org_id=${orgId}`, allowed: readLoyalty, success: 200 },
  ...(
    [
      ['get loyalty programme', 'GET', '', readLoyalty, 200],
      ['update loyalty programme', 'PUT', '', writeLoyalty, 200, () => ({ terms: PROGRAMME_TERMS })],
      ['venue code', 'GET', '/venue-code', readLoyalty, 200],
      ['loyalty members', 'GET', '/members', readLoyalty, 200],
      ['loyalty member', 'GET', '/members/:card', readLoyalty, 200],
      // A stamp, then the reward it pays for.
      ['post card', 'POST', '/members/:card/post', writeLoyalty, 200, () => ({ kind: 'stamp', request_id: randomUUID() })],
      [
        'redeem at the counter',
        'POST',
        '/members/:card/redeem',
        writeLoyalty,
        200,
        () => ({ reward_id: PROGRAMME_TERMS.reward_list[0]!.reward_id, request_id: randomUUID() }),
      ],
      ['refer analysis', 'GET', '/referrals', readLoyalty, 200],
      // The export takes every member's email and phone out in bulk.
      ['export loyalty members', 'GET', '/export', can.exportAnalytics, 200],
      ['delete loyalty programme', 'DELETE', '', writeLoyalty, 204],
    ] as [string, Method, string, (role: Role) => boolean, number, (() => object)?][]
  ).map(([name, method, path, allowed, success, payload]): Endpoint => ({
    name,
    method,
    url: ({ programmeId, cardId }) => `${LOYALTY}/${programmeId}${path.replace(':card', cardId)}`,
    ...(payload ? { payload } : {}),
    allowed,
    success,
    foreign: 'loyalty_programme_not_found',
  })),
  {
    name: 'create poll',
    method: 'POST',
    url: () => POLLS,
    payload: ({ orgId, codeId }) => ({ org_id: orgId, code_id: codeId, ...POLL_TERMS }),
    allowed: writeEngagement,
    success: 201,
  },
  { name: 'list polls', method: 'GET', url: ({ orgId }) => `${POLLS}?org_id=${orgId}`, allowed: readEngagement, success: 200 },
  ...(
    [
      ['get poll', 'GET', '', readEngagement, 200],
      ['update poll', 'PUT', '', writeEngagement, 200, () => POLL_TERMS],
      ['open poll', 'POST', '/open', writeEngagement, 200],
      ['poll results', 'GET', '/results', readEngagement, 200],
      ['export poll', 'GET', '/export', readEngagement, 200],
      ['delete poll', 'DELETE', '', writeEngagement, 204],
    ] as [string, Method, string, (role: Role) => boolean, number, (() => object)?][]
  ).map(([name, method, path, allowed, success, payload]): Endpoint => ({
    name,
    method,
    url: ({ pollId }) => `${POLLS}/${pollId}${path}`,
    ...(payload ? { payload } : {}),
    allowed,
    success,
    foreign: 'poll_not_found',
  })),
  {
    name: 'create game',
    method: 'POST',
    url: () => GAMES,
    payload: ({ orgId, codeId }) => ({ org_id: orgId, code_id: codeId, ...GAME_TERMS }),
    allowed: writeEngagement,
    success: 201,
  },
  { name: 'list games', method: 'GET', url: ({ orgId }) => `${GAMES}?org_id=${orgId}`, allowed: readEngagement, success: 200 },
  ...(
    [
      ['get game', 'GET', '', readEngagement, 200],
      ['update game', 'PUT', '', writeEngagement, 200, () => GAME_TERMS],
      ['open game', 'POST', '/open', writeEngagement, 200],
      ['prize inventory', 'GET', '/prize-inventory', readEngagement, 200],
      ['game plays', 'GET', '/plays', readEngagement, 200],
      ['export game', 'GET', '/export', readEngagement, 200],
      ['delete game', 'DELETE', '', writeEngagement, 204],
    ] as [string, Method, string, (role: Role) => boolean, number, (() => object)?][]
  ).map(([name, method, path, allowed, success, payload]): Endpoint => ({
    name,
    method,
    url: ({ gameId }) => `${GAMES}/${gameId}${path}`,
    ...(payload ? { payload } : {}),
    allowed,
    success,
    foreign: 'game_not_found',
  })),
  { name: 'delete note', method: 'DELETE', url: ({ noteId }) => `${NOTES}/${noteId}`, allowed: writeCodes, success: 204, foreign: 'note_not_found' },
  { name: 'remove folder', method: 'DELETE', url: ({ folderId }) => `${FOLDERS}/${folderId}`, allowed: writeCodes, success: 204, foreign: 'folder_not_found' },
  {
    name: 'create page',
    method: 'POST',
    url: () => PAGES,
    payload: ({ codeId }) => ({ code_id: codeId }),
    allowed: writePages,
    success: 201,
    foreign: 'code_not_found',
  },
  { name: 'list pages', method: 'GET', url: ({ codeId }) => `${PAGES}?code_id=${codeId}`, allowed: readPages, success: 200, foreign: 'code_not_found' },
  { name: 'get page', method: 'GET', url: ({ pageId }) => `${PAGES}/${pageId}`, allowed: readPages, success: 200, foreign: 'page_not_found' },
  {
    name: 'update page',
    method: 'PUT',
    url: ({ pageId }) => `${PAGES}/${pageId}`,
    payload: () => ({ title: 'Changed' }),
    allowed: writePages,
    success: 200,
    foreign: 'page_not_found',
  },
  {
    name: 'page submissions',
    method: 'GET',
    url: ({ pageId }) => `${PAGES}/${pageId}/submissions`,
    allowed: readPages,
    success: 200,
    foreign: 'page_not_found',
  },
  { name: 'delete page', method: 'DELETE', url: ({ pageId }) => `${PAGES}/${pageId}`, allowed: writePages, success: 204, foreign: 'page_not_found' },
  { name: 'pause code', method: 'POST', url: ({ codeId }) => `${CODES}/${codeId}/pause`, allowed: writeCodes, success: 200, foreign: 'code_not_found' },
  { name: 'resume code', method: 'POST', url: ({ codeId }) => `${CODES}/${codeId}/resume`, allowed: writeCodes, success: 200, foreign: 'code_not_found' },
  { name: 'delete code', method: 'DELETE', url: ({ codeId }) => `${CODES}/${codeId}`, allowed: writeCodes, success: 204, foreign: 'code_not_found' },
  { name: 'revoke API key', method: 'DELETE', url: ({ orgId: o, keyId: k }) => `${ORGS}/${o}/api-keys/${k}`, allowed: can.manageApiKeys, success: 204 },
  { name: 'delete user', method: 'DELETE', url: ({ orgId: o }) => `${ORGS}/${o}/users/${TARGET}`, allowed: can.manageMembers, success: 204 },
];

const PUBLIC_LOYALTY = '/api/v1/public/loyalty';
const NO_PROGRAMME = '00000000-0000-4000-8000-000000000000';
const card = { programme_id: NO_PROGRAMME, card_id: NO_PROGRAMME };

/**
 * Endpoints a visitor calls without signing in (rate-limited per address instead): an anonymous
 * caller reaches each, and hears what it asked for, here a programme that does not exist.
 */
const PUBLIC_ENDPOINTS: { name: string; method: Method; url: string; payload?: object; status: number }[] = [
  { name: 'public programme', method: 'GET', url: `${PUBLIC_LOYALTY}/programmes/${NO_PROGRAMME}`, status: 404 },
  { name: 'register reward', method: 'POST', url: `${PUBLIC_LOYALTY}/register`, payload: { programme_id: NO_PROGRAMME, email: 'v@example.com' }, status: 404 },
  { name: 'get loyalty card', method: 'POST', url: `${PUBLIC_LOYALTY}/card`, payload: card, status: 404 },
  { name: 'collect stamp', method: 'POST', url: `${PUBLIC_LOYALTY}/stamp`, payload: { ...card, venue_code: 'ABCDEFGHJK' }, status: 404 },
  { name: 'redeem rewards', method: 'POST', url: `${PUBLIC_LOYALTY}/redeem`, payload: { ...card, reward_id: NO_PROGRAMME }, status: 404 },
  { name: 'credit submission', method: 'POST', url: `${PUBLIC_LOYALTY}/submission`, payload: { ...card, submission_id: NO_PROGRAMME }, status: 404 },
  {
    name: 'campaign reward',
    method: 'POST',
    url: `${PUBLIC_LOYALTY}/campaign-reward`,
    payload: { ...card, code_id: 'AbCdEf1234', action: 'scanned' },
    status: 404,
  },
  { name: 'referral code', method: 'POST', url: `${PUBLIC_LOYALTY}/referral-code`, payload: card, status: 404 },
  {
    name: 'add referral',
    method: 'POST',
    url: `${PUBLIC_LOYALTY}/referrals`,
    payload: { id: NO_PROGRAMME, email: 'friend@example.com', referral_email: 'v@example.com' },
    status: 404,
  },
  {
    name: 'refer subscription',
    method: 'POST',
    url: `${PUBLIC_LOYALTY}/refer-subscription`,
    payload: { phone_number: '+442079460958', referred_by_number: '+442079460959', code_id: 'AbCdEf1234' },
    status: 404,
  },
  { name: 'exchange success page', method: 'GET', url: `${PUBLIC_LOYALTY}/exchanges/${NO_PROGRAMME}`, status: 404 },
  { name: 'public poll', method: 'GET', url: `/api/v1/public/polls/${NO_PROGRAMME}`, status: 404 },
  {
    name: 'cast vote',
    method: 'POST',
    url: `/api/v1/public/polls/${NO_PROGRAMME}/votes`,
    payload: { voter_token: `${'a'.repeat(22)}.${'b'.repeat(43)}`, choices: ['tea'] },
    status: 404,
  },
  { name: 'poll live results', method: 'GET', url: `/api/v1/public/polls/${NO_PROGRAMME}/live`, status: 404 },
  { name: 'public game', method: 'GET', url: `/api/v1/public/games/${NO_PROGRAMME}`, status: 404 },
  {
    name: 'play game',
    method: 'POST',
    url: `/api/v1/public/games/${NO_PROGRAMME}/plays`,
    payload: { player_token: `${'a'.repeat(22)}.${'b'.repeat(43)}`, play_id: NO_PROGRAMME },
    status: 404,
  },
  { name: 'public game leaderboard', method: 'GET', url: `/api/v1/public/games/${NO_PROGRAMME}/leaderboard`, status: 404 },
  { name: 'public selfie wall', method: 'GET', url: `/api/v1/public/walls/${NO_PROGRAMME}`, status: 404 },
  { name: 'wall photo', method: 'GET', url: `/api/v1/public/walls/${NO_PROGRAMME}/photos/${NO_PROGRAMME}`, status: 404 },
  { name: 'live wall', method: 'GET', url: `/api/v1/public/walls/${NO_PROGRAMME}/live`, status: 404 },
];

describe('the permission matrix over HTTP', () => {
  let t: TestApp;
  let owner: ApiCaller;
  const callers = new Map<Role, ApiCaller>();
  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
    callers.set('owner', owner);
    for (const role of ROLES.filter((r) => r !== 'owner')) callers.set(role, callerOf(t.app, await signedUpToken(t.app, `${role}@example.com`)));
  });
  afterAll(() => t.close());

  /** An organisation with a member to act on, an API key to revoke, published terms, a code and its page, a folder, a note, a loyalty programme with a member, a poll and a game. */
  async function organisationWithEverything(name?: string): Promise<Ids> {
    const orgId = await createOrganization(owner, name);
    await owner('POST', `${ORGS}/${orgId}/users`, { email: TARGET, role: 'viewer' });
    await owner('POST', `${ORGS}/${orgId}/terms`, { text: 'Version one.' });
    const { key_id } = (await owner('POST', `${ORGS}/${orgId}/api-keys`, { label: 'to revoke', role: 'viewer' })).json();
    const { code_id } = (await owner('POST', CODES, { org_id: orgId, name: 'Menu', type: 'url', url: 'https://example.com' })).json();
    const { page_id } = (await owner('POST', PAGES, { code_id })).json();
    const { folder_id } = (await owner('POST', FOLDERS, { org_id: orgId, name: 'Posters' })).json();
    const { id: note_id } = (await owner('POST', NOTES, { code_id, text: 'Reprint' })).json();
    const { programme_id } = (await owner('POST', LOYALTY, { org_id: orgId, code_id, terms: PROGRAMME_TERMS })).json();
    const cardId = await joinedMember(t.app, programme_id);
    const { poll_id } = (await owner('POST', POLLS, { org_id: orgId, code_id, ...POLL_TERMS })).json();
    const { game_id } = (await owner('POST', GAMES, { org_id: orgId, code_id, ...GAME_TERMS })).json();
    return {
      orgId,
      keyId: key_id,
      codeId: code_id,
      pageId: page_id,
      folderId: folder_id,
      noteId: note_id,
      programmeId: programme_id,
      cardId,
      pollId: poll_id,
      gameId: game_id,
    };
  }

  async function answersOf(caller: ApiCaller, ids: Ids) {
    const answers = [];
    for (const endpoint of ENDPOINTS) {
      const res = await caller(endpoint.method, endpoint.url(ids), endpoint.payload?.(ids));
      answers.push({ endpoint: endpoint.name, status: res.statusCode, code: res.statusCode >= 400 ? res.json().code : undefined });
    }
    return answers;
  }

  it.each(ROLES)('lets a member with the role %s do exactly what permissions.ts allows', async (role) => {
    // A fresh organisation per role, so one role's changes never decide another's answers.
    const ids = await organisationWithEverything();
    if (role !== 'owner') await owner('POST', `${ORGS}/${ids.orgId}/users`, { email: `${role}@example.com`, role });

    expect(await answersOf(callers.get(role)!, ids)).toEqual(
      ENDPOINTS.map((e) => (e.allowed(role) ? { endpoint: e.name, status: e.success, code: undefined } : { endpoint: e.name, status: 403, code: 'forbidden' })),
    );
  });

  it('lets an anonymous caller reach every public endpoint', async () => {
    const anonymous = callerOf(t.app);
    const answers = [];
    for (const endpoint of PUBLIC_ENDPOINTS)
      answers.push({ endpoint: endpoint.name, status: (await anonymous(endpoint.method, endpoint.url, endpoint.payload)).statusCode });
    expect(answers).toEqual(PUBLIC_ENDPOINTS.map((endpoint) => ({ endpoint: endpoint.name, status: endpoint.status })));
  });

  it('answers an anonymous caller 401 on every endpoint', async () => {
    const ids = await organisationWithEverything();
    expect(await answersOf(callerOf(t.app), ids)).toEqual(ENDPOINTS.map((e) => ({ endpoint: e.name, status: 401, code: 'unauthenticated' })));
  });

  it('tells a member or an API key of another organisation that this one does not exist, on every endpoint, and changes nothing', async () => {
    const ids = await organisationWithEverything('Victim Ltd');
    const { orgId, keyId } = ids;
    const stranger = callerOf(t.app, await signedUpToken(t.app, STRANGER));
    const strangersOrg = await createOrganization(stranger, 'Mallory Inc');
    const strangersKey = (await stranger('POST', `${ORGS}/${strangersOrg}/api-keys`, { label: 'x', role: 'admin' })).json().api_key;
    const notFound = ENDPOINTS.map((e) => ({ endpoint: e.name, status: 404, code: e.foreign ?? 'organization_not_found' }));

    expect(await answersOf(stranger, ids)).toEqual(notFound);
    expect(await answersOf(callerOf(t.app, strangersKey), ids)).toEqual(notFound);
    expect((await owner('GET', `${ORGS}/${orgId}`)).json().organization_name).toBe('Victim Ltd');
    expect((await owner('GET', `${ORGS}/${orgId}/users`)).json()).toHaveLength(2);
    expect((await owner('GET', `${ORGS}/${orgId}/terms`)).json().version).toBe(1);
    expect((await owner('GET', `${ORGS}/${orgId}/api-keys`)).json()).toEqual([expect.objectContaining({ key_id: keyId, revoked_at: null })]);
    expect((await owner('GET', `${CODES}/${ids.codeId}`)).json()).toMatchObject({ name: 'Menu', status: 'active' });
    expect((await owner('GET', `${PAGES}/${ids.pageId}`)).json()).toMatchObject({ title: 'Welcome' });
    expect((await owner('GET', `${FOLDERS}/${ids.folderId}`)).json()).toMatchObject({ name: 'Posters', code_count: 0 });
    expect((await owner('GET', `${NOTES}?code_id=${ids.codeId}`)).json().total).toBe(1);
  });
});
