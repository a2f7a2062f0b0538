import { Alert, Anchor, Box, Grid, Stack, Text, Title } from '@mantine/core';
import type { PollResultsView, PollView } from '@qr/contracts';
import { Link, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LinkQrImage } from '../../components/link-qr-image';
import { PageLoader } from '../../components/page-loader';
import { pollScreenPath } from './live-voting-screen';
import { usePollWithResults } from './poll-detail-screen';
import { PollResults, votersInWords } from './poll-results';
import { shortVoterLinkOf, voterUrlOf } from './poll-voter-link';

/** What the room reads under the question: the results, or why there are none to see. */
function RoomResults({ poll, results }: { poll: PollView; results: PollResultsView | undefined }) {
  if (poll.status === 'draft') return <Text fz={{ base: 'xl', md: '2rem' }}>Voting opens soon.</Text>;
  if (poll.results_hidden)
    return (
      <Stack gap="md">
        <Text fz={{ base: 'xl', md: '2rem' }} fw={600}>
          {votersInWords(poll.voters)}
        </Text>
        <Text fz={{ base: 'lg', md: '1.75rem' }}>The results will show here when the host reveals them.</Text>
      </Stack>
    );
  return results ? <PollResults kind={poll.kind} results={results} scale="big" /> : null;
}

/**
 * `/admin/live-voting/{pollId}/present`: the poll for a big screen at the front of the room, with no
 * admin chrome: the question, its live results and the QR code the room joins by. On a phone the
 * code goes under the results.
 */
export function PollPresentScreen() {
  const { pollId = '' } = useParams();
  const { poll, results } = usePollWithResults(pollId);
  const back = (
    <Anchor component={Link} to={pollScreenPath(pollId)}>
      ← Back to the poll
    </Anchor>
  );
  return (
    <Box component="main" p={{ base: 'md', md: 'xl' }} mih="100dvh">
      {poll.isPending ? (
        <PageLoader />
      ) : poll.isError ? (
        <Stack>
          {back}
          <Title order={1}>This poll could not be opened</Title>
          <Alert color="red">{describeError(poll.error)}</Alert>
        </Stack>
      ) : (
        <Stack gap="xl">
          {back}
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="xl">
                <Title order={1} fz={{ base: '2rem', md: '3.5rem' }} lh={1.15} style={BREAK_ANYWHERE}>
                  {poll.data.question}
                </Title>
                {poll.data.status === 'closed' && (
                  <Text fz={{ base: 'lg', md: '1.75rem' }} fw={600}>
                    Voting is closed.
                  </Text>
                )}
                <RoomResults poll={poll.data} results={results.data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack align="center" gap="md">
                <LinkQrImage url={voterUrlOf(pollId)} alt="QR code of the voters’ page" size="min(60vh, 520px)" />
                <Stack gap={0} align="center">
                  <Text fz={{ base: 'lg', md: '1.5rem' }}>Vote at</Text>
                  <Text fz={{ base: 'lg', md: '1.5rem' }} fw={700} ta="center" style={BREAK_ANYWHERE}>
                    {shortVoterLinkOf(pollId)}
                  </Text>
                </Stack>
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Box>
  );
}
