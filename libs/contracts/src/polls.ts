import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';
import { orNull } from './openapi-shapes';
import { PublicOrganization } from './public-codes';

/**
 * Live voting, the engagement context's polls (spec §1 "live voting", §2 `/live-voting/{id}`, §7
 * "append vote and get votes"): a poll on a QR code that staff open, close, reveal and reset, that
 * each voter answers once (a changed vote replaces the earlier one where the poll allows it), and
 * whose results reach every open screen live.
 */

export const POLL_KINDS = ['single', 'multiple', 'rating', 'word_cloud'] as const;
export const PollKind = z.enum(POLL_KINDS).meta({ id: 'PollKind' });
export type PollKind = z.infer<typeof PollKind>;

/** `draft` until staff first open it; a closed poll may be opened again. */
export const PollStatus = z.enum(['draft', 'open', 'closed']).meta({ id: 'PollStatus' });
export type PollStatus = z.infer<typeof PollStatus>;

export const MAX_POLL_QUESTION = 300;
export const MAX_POLL_OPTIONS = 20;
export const MAX_POLL_OPTION_LABEL = 120;
export const MIN_RATING_MAX = 3;
export const MAX_RATING_MAX = 10;
/** Words one voter may give a word cloud, and the longest word. */
export const MAX_WORDS_PER_VOTE = 3;
export const MAX_WORD_LENGTH = 30;
/** The words a word cloud's results carry: the most given. */
export const WORD_CLOUD_TOP = 50;
/** How often, at most, a live screen hears a poll's results: a few times a second, however fast votes come. */
export const LIVE_PUSH_INTERVAL_MS = 250;

export const PollId = z.uuid({ error: 'A poll id is a UUID.' }).meta({ id: 'PollId' });

export const PollOption = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9_-]{1,36}$/, { error: 'An option id is 1 to 36 lower-case letters, digits, - or _.' })
      .meta({ description: 'Stable while the poll lives: votes name it.' }),
    label: z.string().trim().min(1, { error: 'Give the option a label.' }).max(MAX_POLL_OPTION_LABEL),
  })
  .meta({ id: 'PollOption' });
export type PollOption = z.infer<typeof PollOption>;

const PollTermsShape = z.strictObject({
  question: z.string().trim().min(1, { error: 'Ask a question.' }).max(MAX_POLL_QUESTION),
  kind: PollKind,
  options: z.array(PollOption).max(MAX_POLL_OPTIONS).default([]).meta({ description: 'Two or more for single and multiple choice; none otherwise.' }),
  max_choices: z.number().int().min(1).max(MAX_POLL_OPTIONS).default(1).meta({ description: 'Multiple choice: the most options one voter picks.' }),
  rating_max: z.number().int().min(MIN_RATING_MAX).max(MAX_RATING_MAX).default(5).meta({ description: 'Rating: votes go from 1 to this.' }),
  allow_change: z.boolean().default(true).meta({ description: 'Whether a voter’s second vote replaces the first; otherwise it is refused.' }),
});

/** Whatever the kind asks of the options, said on the field. */
function checkOptions(terms: z.infer<typeof PollTermsShape>, context: z.RefinementCtx): void {
  const choice = terms.kind === 'single' || terms.kind === 'multiple';
  if (choice && terms.options.length < 2) context.addIssue({ code: 'custom', path: ['options'], message: 'A choice poll needs two options or more.' });
  if (!choice && terms.options.length > 0) context.addIssue({ code: 'custom', path: ['options'], message: 'Only choice polls have options.' });
  const ids = new Set(terms.options.map((option) => option.id));
  if (ids.size < terms.options.length) context.addIssue({ code: 'custom', path: ['options'], message: 'Two options share an id.' });
  if (terms.kind === 'multiple' && terms.max_choices > terms.options.length) {
    context.addIssue({ code: 'custom', path: ['max_choices'], message: 'A voter cannot pick more options than the poll has.' });
  }
}

/** What staff write about a poll; kept whole in its events, so a read model overwrites rather than merges. */
export const PollTerms = PollTermsShape.superRefine(checkOptions).meta({ id: 'PollTerms' });
export type PollTerms = z.infer<typeof PollTerms>;

export const CreatePollBody = PollTermsShape.extend({
  org_id: z.uuid(),
  code_id: CodeId,
  results_hidden: z.boolean().default(false).meta({ description: 'Voters see no results until staff reveal them.' }),
})
  .superRefine(checkOptions)
  .meta({ id: 'CreatePollBody' });
export type CreatePollBody = z.infer<typeof CreatePollBody>;

export const UpdatePollBody = PollTerms.meta({ id: 'UpdatePollBody', description: 'Refused with 409 `poll_has_votes` once the round has votes: reset first.' });
export type UpdatePollBody = z.infer<typeof UpdatePollBody>;

export const PollPath = z.strictObject({ poll_id: PollId });
export type PollPath = z.infer<typeof PollPath>;

export const POLL_ACTIONS = ['open', 'close', 'reveal', 'hide', 'reset'] as const;
export const PollAction = z
  .enum(POLL_ACTIONS)
  .meta({ id: 'PollAction', description: '`reveal` and `hide` show and hide the results to voters; `reset` starts a new round with no votes.' });
export type PollAction = z.infer<typeof PollAction>;
export const PollActionPath = z.strictObject({ poll_id: PollId, action: PollAction });
export type PollActionPath = z.infer<typeof PollActionPath>;

export const ListPollsQuery = paginatedQuery({ org_id: z.uuid(), code_id: CodeId.optional() }).meta({ id: 'ListPollsQuery' });
export type ListPollsQuery = z.infer<typeof ListPollsQuery>;

/** One line of a poll's results: an option by its id, a rating by its value, a word as voters wrote it (lower case). */
export const PollTally = z
  .object({ key: z.string(), label: z.string(), votes: z.number().int() })
  .meta({ id: 'PollTally', description: 'Choice polls list every option in order, ratings every value from 1, word clouds the most given words.' });
export type PollTally = z.infer<typeof PollTally>;

export const PollResultsView = z
  .object({
    poll_id: PollId,
    round: z.number().int().meta({ description: 'Counts from 1; a reset starts the next.' }),
    voters: z.number().int().meta({ description: 'Voters in this round.' }),
    tally: z.array(PollTally),
    average: orNull(z.number()).meta({ description: 'Rating polls: the mean vote; null otherwise or with no votes.' }),
  })
  .meta({ id: 'PollResults' });
export type PollResultsView = z.infer<typeof PollResultsView>;

export const PollView = PollTermsShape.extend({
  poll_id: PollId,
  org_id: z.uuid(),
  code_id: CodeId,
  status: PollStatus,
  results_hidden: z.boolean(),
  round: z.number().int(),
  voters: z.number().int(),
  voter_url: z.string().meta({ description: 'The voters’ page, `/live-voting/{poll_id}`, relative to the site.' }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
}).meta({ id: 'Poll' });
export type PollView = z.infer<typeof PollView>;

export const PollListView = paginatedList(PollView).meta({ id: 'PollList' });
export type PollListView = z.infer<typeof PollListView>;

/** A live screen's message: the poll's state and, unless hidden from this screen, its results; sent whole each time. */
export const PollLiveView = z
  .object({
    poll_id: PollId,
    status: PollStatus,
    results_hidden: z.boolean(),
    round: z.number().int(),
    results: orNull(PollResultsView).meta({ description: 'Null for voters while the results are hidden.' }),
    position: z.string().meta({
      description: 'The log position these results include (`transactionId-globalPosition`): a vote answered with an earlier `x-position` is counted.',
    }),
  })
  .meta({ id: 'PollLive' });
export type PollLiveView = z.infer<typeof PollLiveView>;

/**
 * A voter is known by a token the server signs and the phone keeps (localStorage), as a loyalty card
 * is: the poll's stream counts one vote per token. The voters' page asks for one when it has none.
 */
export const VoterToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}$/, { error: 'This voter token is not one the server gave.' })
  .meta({ id: 'VoterToken' });
export const voterTokenStorageKey = (pollId: string): string => `${pollId}_voter`;

export const PublicPollQuery = z.strictObject({ voter_token: VoterToken.optional() }).meta({ id: 'PublicPollQuery' });
export type PublicPollQuery = z.infer<typeof PublicPollQuery>;

/** A vote as a voter gives it; which field counts depends on the poll's kind. */
export const PollBallot = z
  .strictObject({
    choices: z.array(z.string().max(36)).max(MAX_POLL_OPTIONS).default([]).meta({ description: 'Single and multiple choice: option ids.' }),
    rating: orNull(z.number().int().min(1).max(MAX_RATING_MAX)).default(null).meta({ description: 'Rating polls: 1 to the poll’s `rating_max`.' }),
    words: z
      .array(z.string().max(MAX_WORD_LENGTH * 2))
      .max(MAX_WORDS_PER_VOTE)
      .default([])
      .meta({ description: 'Word clouds: one to three words or short phrases.' }),
  })
  .meta({ id: 'PollBallot' });
export type PollBallot = z.infer<typeof PollBallot>;

export const CastVoteBody = PollBallot.extend({ voter_token: VoterToken }).meta({ id: 'CastVoteBody' });
export type CastVoteBody = z.infer<typeof CastVoteBody>;

/** What the voters' page shows: the question, the voter's own vote, and the results when they are shown. */
export const PublicPollView = z
  .object({
    poll_id: PollId,
    code_id: CodeId,
    question: z.string(),
    kind: PollKind,
    options: z.array(PollOption),
    max_choices: z.number().int(),
    rating_max: z.number().int(),
    allow_change: z.boolean(),
    status: PollStatus,
    results_hidden: z.boolean(),
    results: orNull(PollResultsView),
    voter_token: VoterToken.meta({ description: 'The token sent, or a new one to keep when none (or a forged one) was sent.' }),
    my_vote: orNull(PollBallot).meta({ description: 'This voter’s vote in the current round.' }),
    owner: PublicOrganization,
  })
  .meta({ id: 'PublicPoll' });
export type PublicPollView = z.infer<typeof PublicPollView>;

export const CastVoteView = z
  .object({
    poll_id: PollId,
    round: z.number().int(),
    my_vote: PollBallot,
    changed: z.boolean().meta({ description: 'Whether it replaced an earlier vote; false also when it repeats it.' }),
  })
  .meta({ id: 'CastVote' });
export type CastVoteView = z.infer<typeof CastVoteView>;

/** Staff's export of a poll: its votes as CSV, or a zip holding every round's results and the votes. */
export const PollExportQuery = z.strictObject({ format: z.enum(['csv', 'zip']).default('csv') }).meta({ id: 'PollExportQuery' });
export type PollExportQuery = z.infer<typeof PollExportQuery>;
/** votes.csv: a voter is a short keyed hash, the same in every round; `choices` are the options' labels. */
export const POLL_VOTES_CSV_COLUMNS = ['round', 'voter', 'choices', 'rating', 'words', 'first_at', 'voted_at', 'changes'] as const;
/** results.csv: every round's tally, a line per option, rating value or word. */
export const POLL_RESULTS_CSV_COLUMNS = ['round', 'voters', 'key', 'label', 'votes'] as const;

/** A word as counted: trimmed, inner spaces collapsed, lower case; empty when nothing is left. */
export const normaliseWord = (word: string): string => word.trim().replace(/\s+/g, ' ').toLowerCase();

export const pollVoterPath = (pollId: string): string => `/live-voting/${pollId}`;
