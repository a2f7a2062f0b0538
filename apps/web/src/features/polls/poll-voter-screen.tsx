import { Button, Stack, Text, Title } from '@mantine/core';
import type { PollBallot, PublicPollView } from '@qr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiProblem, describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { PageLoader } from '../../components/page-loader';
import { Notice } from '../../components/visitor-notice';
import { VisitorFrame } from '../visitor';
import { BallotFields, ballotDraftOf, ballotOf, voteInWords, type BallotDraft } from './poll-ballot';
import { PollResults } from './poll-results';
import { castVote, publicPollKey, usePublicPoll, usePublicPollLive } from './public-polls-api';

/** A refused vote in the voter's words, by the problem's stable code; `poll_vote_invalid` says what did not fit in its own detail. */
function refusalInWords(error: unknown): string {
  const code = error instanceof ApiProblem ? error.code : undefined;
  switch (code) {
    case 'poll_not_open':
      return 'Voting is not open right now.';
    case 'poll_already_voted':
      return 'You have voted already, and this poll keeps the first vote.';
    case 'voter_token_invalid':
      return 'This phone’s voting pass was not recognised. It has been renewed: please vote again.';
    case 'rate_limited':
      return 'Too many votes are coming from your network. Please wait a moment and try again.';
    default:
      return describeError(error);
  }
}

/** What the voter reads under their vote: the live results, or that they are hidden for now. */
function VoterResults({ poll }: { poll: PublicPollView }) {
  if (poll.results) return <PollResults kind={poll.kind} results={poll.results} />;
  if (poll.results_hidden) return <Text>The results will show here when the host reveals them.</Text>;
  return null;
}

function Ballot({ poll, onVoted }: { poll: PublicPollView; onVoted(vote: PollBallot): void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BallotDraft>(() => ballotDraftOf(poll.my_vote));
  const [missing, setMissing] = useState<string | null>(null);
  const vote = useMutation({
    mutationFn: (ballot: PollBallot) => castVote(poll.poll_id, { ...ballot, voter_token: poll.voter_token }),
    onSuccess: (answer) => onVoted(answer.my_vote),
    // A renewed pass or a poll closed meanwhile: the page reads the poll again, with what the server says now.
    onError: (error) => {
      const code = error instanceof ApiProblem ? error.code : undefined;
      if (code === 'voter_token_invalid' || code === 'poll_not_open') void queryClient.invalidateQueries({ queryKey: publicPollKey(poll.poll_id) });
    },
  });
  const submit = () => {
    const checked = ballotOf(poll, draft);
    setMissing(checked.missing);
    if (checked.ballot) vote.mutate(checked.ballot);
  };
  return (
    <Stack gap="md">
      <BallotFields poll={poll} draft={draft} onChange={(next) => (setDraft(next), setMissing(null))} />
      {missing && <Notice tone="asked" title={missing} />}
      {vote.isError && (
        <Notice tone="refused" title="Your vote was not counted">
          <Text size="sm">{refusalInWords(vote.error)}</Text>
        </Notice>
      )}
      <Button size="lg" loading={vote.isPending} onClick={submit} style={{ alignSelf: 'flex-start' }}>
        {poll.my_vote ? 'Change my vote' : 'Vote'}
      </Button>
    </Stack>
  );
}

/** The poll once it has this voter's vote: the thanks, the vote said back, and a way to change it where allowed. */
function Voted({ poll, onChange }: { poll: PublicPollView & { my_vote: PollBallot }; onChange(): void }) {
  return (
    <Stack gap="md">
      <Notice tone="done" title="Thanks, your vote is in">
        <Text size="sm" style={BREAK_ANYWHERE}>
          Your vote: {voteInWords(poll, poll.my_vote)}
        </Text>
      </Notice>
      {poll.allow_change && poll.status === 'open' && (
        <Button variant="default" onClick={onChange} style={{ alignSelf: 'flex-start' }}>
          Change my vote
        </Button>
      )}
      <VoterResults poll={poll} />
    </Stack>
  );
}

function PollPage({ poll }: { poll: PublicPollView }) {
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const voted = (vote: PollBallot) => {
    queryClient.setQueryData(publicPollKey(poll.poll_id), (before: PublicPollView | undefined) => before && { ...before, my_vote: vote });
    setChanging(false);
  };
  const body = () => {
    if (poll.status === 'draft')
      return (
        <Notice tone="asked" title="This poll is not open yet">
          <Text size="sm">Keep this page open: voting starts here when the host opens it.</Text>
        </Notice>
      );
    if (poll.status === 'closed')
      return (
        <Stack gap="md">
          <Notice tone="asked" title="This poll is closed" />
          <VoterResults poll={poll} />
        </Stack>
      );
    if (poll.my_vote && !changing) return <Voted poll={{ ...poll, my_vote: poll.my_vote }} onChange={() => setChanging(true)} />;
    return <Ballot poll={poll} onVoted={voted} />;
  };
  return (
    <Stack gap="lg">
      <Title order={1} style={BREAK_ANYWHERE}>
        {poll.question}
      </Title>
      {body()}
    </Stack>
  );
}

/** `/live-voting/{id}` (spec §2): a poll's voters' page, in the frame and brand of the organisation that owns it, live. */
export function PollVoterScreen() {
  const { id = '' } = useParams();
  const poll = usePublicPoll(id);
  usePublicPollLive(id, poll.isSuccess);
  if (poll.isSuccess)
    return (
      <VisitorFrame organization={poll.data.owner}>
        <PollPage poll={poll.data} />
      </VisitorFrame>
    );
  const gone = poll.error instanceof ApiProblem && (poll.error.status === 404 || poll.error.status === 400);
  return (
    <VisitorFrame>
      {poll.isPending ? (
        <PageLoader />
      ) : gone ? (
        <Stack>
          <Title order={1}>This poll is not available</Title>
          <Text>The poll may have been taken down, or the address is not complete. Check it and try again.</Text>
        </Stack>
      ) : (
        <Stack>
          <Title order={1}>This poll could not be opened</Title>
          <Notice tone="refused" title="Not loaded">
            <Text size="sm">{describeError(poll.error)}</Text>
          </Notice>
        </Stack>
      )}
    </VisitorFrame>
  );
}
