import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import type { PollKind, PollResultsView, PollTally } from '@qr/contracts';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';

/** `normal` on a phone and the staff's screens, `big` on the presenter's screen across a room. */
export type ResultsScale = 'normal' | 'big';

/** Text sizes by scale; the big screen's shrink back on a phone-width window, where 2rem labels broke every word. */
const SIZES = {
  normal: { label: 'md', figure: 'sm' },
  big: { label: { base: 'lg', md: '2rem' }, figure: { base: 'md', md: '1.75rem' } },
} as const;

const count = (n: number) => n.toLocaleString('en');
export const votersInWords = (voters: number) => `${count(voters)} ${voters === 1 ? 'voter' : 'voters'}`;

/** A line's share of the voters, whole percent: a multiple choice poll's lines may add up to more than 100. */
const shareOf = (line: PollTally, voters: number) => (voters === 0 ? 0 : Math.round((line.votes / voters) * 100));

/** One bar per option or rating value, its count and share beside the label: Mantine's Progress, no charts library. */
function TallyBars({ results, scale }: { results: PollResultsView; scale: ResultsScale }) {
  const big = scale === 'big';
  return (
    <Stack component="ul" gap={big ? 'lg' : 'sm'} p={0} m={0} style={{ listStyle: 'none' }}>
      {results.tally.map((line) => {
        const share = shareOf(line, results.voters);
        const votes = `${count(line.votes)} ${line.votes === 1 ? 'vote' : 'votes'}, ${share}%`;
        return (
          <Box component="li" key={line.key}>
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-end">
              {/* Flexed from nothing: the label takes what the count leaves and wraps between its words there. */}
              <Text fw={600} fz={SIZES[scale].label} style={{ ...BREAK_ANYWHERE, flex: 1, minWidth: 0 }}>
                {line.label}
              </Text>
              <Text fz={SIZES[scale].figure} style={{ whiteSpace: 'nowrap' }}>
                {votes}
              </Text>
            </Group>
            {/* The primary colour as a variable, so a visitor's page draws the bars in the organisation's own. */}
            <Progress value={share} size={big ? 24 : 'lg'} radius="sm" color="var(--mantine-primary-color-filled)" aria-label={`${line.label}: ${votes}`} />
          </Box>
        );
      })}
    </Stack>
  );
}

/** The smallest and largest word, in rem: the most given word reads from the back of the room. */
const WORD_SIZES: Record<ResultsScale, [number, number]> = { normal: [1, 2.5], big: [1.5, 5] };

/** The words voters gave, each sized by its votes; the count is said to a screen reader, not drawn. */
function WordCloud({ results, scale }: { results: PollResultsView; scale: ResultsScale }) {
  const [smallest, largest] = WORD_SIZES[scale];
  const most = Math.max(1, ...results.tally.map((line) => line.votes));
  if (results.tally.length === 0) return <Text c="dimmed">No words yet.</Text>;
  return (
    <Group component="ul" gap="md" justify="center" align="baseline" p={0} m={0} style={{ listStyle: 'none' }}>
      {results.tally.map((line) => (
        <Box
          component="li"
          key={line.key}
          fw={700}
          lh={1.1}
          style={{ ...BREAK_ANYWHERE, fontSize: `${smallest + ((largest - smallest) * line.votes) / most}rem` }}
          aria-label={`${line.label}: ${count(line.votes)} ${line.votes === 1 ? 'vote' : 'votes'}`}
        >
          {line.label}
        </Box>
      ))}
    </Group>
  );
}

/** A poll's results as every screen draws them: bars for choices and ratings (with the average), a cloud for words. */
export function PollResults({ kind, results, scale = 'normal' }: { kind: PollKind; results: PollResultsView; scale?: ResultsScale }) {
  const big = scale === 'big';
  return (
    <Stack gap={big ? 'lg' : 'sm'}>
      <Group gap="lg">
        <Text fz={SIZES[scale].figure} fw={600}>
          {votersInWords(results.voters)}
        </Text>
        {kind === 'rating' && (
          <Text fz={SIZES[scale].figure} fw={600}>
            {results.average === null ? 'No average yet' : `Average ${results.average.toFixed(1)}`}
          </Text>
        )}
      </Group>
      {kind === 'word_cloud' ? <WordCloud results={results} scale={scale} /> : <TallyBars results={results} scale={scale} />}
    </Stack>
  );
}
