import {
  CastVoteBody,
  CastVoteView,
  CreatePollBody,
  ListPollsQuery,
  PollActionPath,
  PollExportQuery,
  PollListView,
  PollLiveView,
  PollPath,
  PollResultsView,
  PollView,
  PublicPollQuery,
  PublicPollView,
  UpdatePollBody,
} from '@qr/contracts';
import type { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** A server-sent event stream whose every `data:` line is one message of `schema`. */
const eventStream = (description: string, schema: z.ZodType) => ({ description, content: { 'text/event-stream': { schema } } });

/** Live voting's paths, staff's and voters', from the contracts their routes validate with. */
export function registerPollsPaths({ signedIn, open }: ApiPaths): void {
  const staff = signedIn('polls', '/api/v1/polls');
  staff(
    'post',
    '',
    'Create a poll on a code of the organisation: single or multiple choice, rating or word cloud; a draft until opened (owner, admin, editor)',
    { 201: json('Created', PollView) },
    { body: body(CreatePollBody) },
  );
  staff(
    'get',
    '',
    'The organisation’s polls, of one code when `code_id` is given, newest first',
    { 200: json('Listed', PollListView) },
    { query: ListPollsQuery },
  );
  staff('get', '/{poll_id}', 'A poll with its status, round and voter count', { 200: json('Found', PollView) }, { params: PollPath });
  staff(
    'put',
    '/{poll_id}',
    'Replace the poll’s question and options; 409 poll_has_votes once the round has votes (reset first)',
    { 200: json('Changed', PollView) },
    { params: PollPath, body: body(UpdatePollBody) },
  );
  staff(
    'post',
    '/{poll_id}/{action}',
    'Open, close, reveal or hide the results, or reset: a new round with no votes (owner, admin, editor); an action that changes nothing answers the poll as it is',
    { 200: json('Changed', PollView) },
    { params: PollActionPath },
  );
  staff(
    'delete',
    '/{poll_id}',
    'Delete the poll: its voters’ page and live streams answer 404 from then on',
    { 204: { description: 'Deleted' } },
    { params: PollPath },
  );
  staff(
    'get',
    '/{poll_id}/results',
    'The current round’s results, whether or not voters see them',
    { 200: json('Found', PollResultsView) },
    { params: PollPath },
  );
  staff(
    'get',
    '/{poll_id}/live',
    'The presenter’s live results: server-sent events, first the state now, then the whole state again a few times a second at most while votes come; results even while hidden from voters',
    { 200: eventStream('Event stream', PollLiveView) },
    { params: PollPath },
  );
  staff(
    'get',
    '/{poll_id}/export',
    'Every round’s votes, a voter as a short keyed hash: `csv` the votes (base64, streamed, `x-row-count` rows, `<question>_<YYYY-MM-DD>.csv`), `zip` results.csv and votes.csv',
    {
      200: {
        description: 'The CSV in base64, or the zip',
        content: {
          'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } },
          'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
        },
      },
    },
    { params: PollPath, query: PollExportQuery },
  );

  const voters = open('polls', '/api/v1/public/polls', [400, 404, 409, 500]);
  voters(
    'get',
    '/{poll_id}',
    'What the voters’ page shows, in the organisation’s brand: the question, the voter’s own vote and the results when shown; a new `voter_token` when none or a forged one is sent',
    { 200: json('Found', PublicPollView) },
    { params: PollPath, query: PublicPollQuery },
  );
  voters(
    'post',
    '/{poll_id}/votes',
    'Vote, once per voter token and round; a changed vote replaces the earlier one where the poll allows it (else 409 poll_already_voted). ' +
      '409 poll_not_open; 400 poll_vote_invalid for choices not in the poll; 400 voter_token_invalid for a token the server did not sign for this poll',
    { 200: json('Counted', CastVoteView) },
    { params: PollPath, body: body(CastVoteBody) },
  );
  voters(
    'get',
    '/{poll_id}/live',
    'Voters’ live results: server-sent events, first the state now, then the whole state again a few times a second at most; results null while hidden',
    { 200: eventStream('Event stream', PollLiveView) },
    { params: PollPath },
  );
}
