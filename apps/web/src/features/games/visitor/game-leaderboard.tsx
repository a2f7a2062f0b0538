import { Stack, Table, Text, Title } from '@mantine/core';
import type { LeaderboardPeriod, PublicGameView } from '@qr/contracts';
import { Notice } from '../../../components/visitor-notice';
import { whenInWords } from './when-in-words';
import { refusalInWords } from './game-plays';
import { useLeaderboard } from './public-games-api';

const BOARD_NAMES: Record<LeaderboardPeriod, string> = {
  all_time: 'All-time leaderboard',
  day: 'Today’s leaderboard',
  week: 'This week’s leaderboard',
  month: 'This month’s leaderboard',
};

const nameOf = (nickname: string) => (nickname === '' ? 'Anonymous' : nickname);

/** The quiz's best scores on the board now played for, the player's own row marked and their rank said when below the top. */
export function GameLeaderboard({ game, period }: { game: PublicGameView; period: LeaderboardPeriod }) {
  const board = useLeaderboard(game.game_id, game.player_token);
  if (board.isPending) return <Text>Loading the leaderboard…</Text>;
  if (board.isError)
    return (
      <Notice tone="refused" title="The leaderboard could not be loaded">
        <Text size="sm">{refusalInWords(board.error)}</Text>
      </Notice>
    );
  const { top, me, board: current } = board.data;
  return (
    <Stack gap="xs">
      <Title order={2}>{BOARD_NAMES[period]}</Title>
      <Text size="sm">
        Since {whenInWords(current.started_at)} · {current.players} {current.players === 1 ? 'player' : 'players'}
      </Text>
      {me && <Text fw={700}>{`You are number ${me.rank} with ${me.score}.`}</Text>}
      {top.length === 0 ? (
        <Text>No scores yet.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rank</Table.Th>
              <Table.Th scope="col">Player</Table.Th>
              <Table.Th scope="col" ta="right">
                Score
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {top.map((entry) => (
              <Table.Tr
                key={entry.rank}
                aria-current={entry.me ? 'true' : undefined}
                fw={entry.me ? 800 : undefined}
                style={entry.me ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 } : undefined}
              >
                <Table.Td>{entry.rank}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {nameOf(entry.nickname)}
                  {entry.me && ' (you)'}
                </Table.Td>
                <Table.Td ta="right">{entry.score}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
