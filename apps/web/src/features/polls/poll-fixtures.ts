import { DEFAULT_THEME_STYLE, type PollResultsView, type PollView, type PublicPollView } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The polls specs' poll, as the staff's and the voters' API answer it. */
export const POLL_ID = '0190a6b2-0000-7000-8000-0000000000a1';
export const CODE_ID = 'AbCdEf1234';
export const VOTER_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';

const OPTIONS = [
  { id: 'tea', label: 'Tea' },
  { id: 'coffee', label: 'Coffee' },
];

export const resultsView = (extra: Partial<PollResultsView> = {}): PollResultsView => ({
  poll_id: POLL_ID,
  round: 1,
  voters: 4,
  tally: [
    { key: 'tea', label: 'Tea', votes: 3 },
    { key: 'coffee', label: 'Coffee', votes: 1 },
  ],
  average: null,
  ...extra,
});

export const pollView = (extra: Partial<PollView> = {}): PollView => ({
  poll_id: POLL_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  question: 'Tea or coffee?',
  kind: 'single',
  options: OPTIONS,
  max_choices: 1,
  rating_max: 5,
  allow_change: true,
  status: 'open',
  results_hidden: false,
  round: 1,
  voters: 4,
  voter_url: `/live-voting/${POLL_ID}`,
  created_at: '2026-12-04T10:00:00.000Z',
  updated_at: '2026-12-04T10:00:00.000Z',
  ...extra,
});

export const publicPollView = (extra: Partial<PublicPollView> = {}): PublicPollView => ({
  poll_id: POLL_ID,
  code_id: CODE_ID,
  question: 'Tea or coffee?',
  kind: 'single',
  options: OPTIONS,
  max_choices: 1,
  rating_max: 5,
  allow_change: true,
  status: 'open',
  results_hidden: false,
  results: resultsView(),
  voter_token: VOTER_TOKEN,
  my_vote: null,
  owner: { name: 'Walk Café', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
  ...extra,
});
