import { Alert, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEADERBOARD_TOP, type GameView, type LeaderboardBoard } from '@qr/contracts';
import { useState } from 'react';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { counted } from '../../components/counted';
import { ScrollingTable } from '../../components/scrolling-table';
import { gameKeys, gamesApi } from './games-api';
import { momentOf } from './game-plays';

function boardLabel(board: LeaderboardBoard): string {
  const players = counted(board.players, 'player');
  if (board.ended_at === null) return `Board ${board.board} (now) · ${players}`;
  return `Board ${board.board}, ${board.reason === 'staff' ? 'reset' : 'ended'} ${momentOf(board.ended_at)} · ${players}`;
}

/** The leaderboard now played for, or a past one staff pick; reset asks first, as the scores on it are gone from view. */
export function GameLeaderboard({ game, writable }: { game: GameView; writable: boolean }) {
  const queryClient = useQueryClient();
  const gameId = game.game_id;
  /** null: the board now played for. */
  const [board, setBoard] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const boards = useQuery({ queryKey: gameKeys.boards(gameId), queryFn: () => gamesApi.boards(gameId), retry: retryUnlessRefused });
  const leaderboard = useQuery({
    queryKey: gameKeys.leaderboard(gameId, board),
    queryFn: () => gamesApi.leaderboard(gameId, board),
    retry: retryUnlessRefused,
  });
  const reset = useMutation({
    mutationFn: () => gamesApi.resetLeaderboard(gameId),
    onSuccess: async (next) => {
      queryClient.setQueryData(gameKeys.leaderboard(gameId, null), next);
      setBoard(null);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: gameKeys.game(gameId) });
    },
  });
  const top = leaderboard.data?.top ?? [];
  const known = boards.data?.boards ?? [];
  // Until the boards are listed, the one now played for is the only choice.
  const choices =
    known.length > 0
      ? known.map((listed) => ({ value: listed.ended_at === null ? '' : String(listed.board), label: boardLabel(listed) }))
      : [{ value: '', label: `Board ${game.board} (now)` }];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Leaderboard
        </Title>
        <Group align="flex-end">
          <NativeSelect
            label="Board"
            data={choices}
            value={board === null ? '' : String(board)}
            onChange={(event) => setBoard(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
            maw="100%"
            w={420}
          />
          {writable && (
            <Button variant="light" color="red" onClick={() => (reset.reset(), setConfirming(true))}>
              Reset leaderboard
            </Button>
          )}
        </Group>
        {(leaderboard.isError || boards.isError) && <Alert color="red">{describeError(leaderboard.error ?? boards.error)}</Alert>}
        {leaderboard.data && top.length === 0 && <Text>No scores on this board yet.</Text>}
        {top.length > 0 && (
          <ScrollingTable label={`Top ${LEADERBOARD_TOP}`} minWidth={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Nickname</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Scored</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {top.map((entry) => (
                <Table.Tr key={`${entry.rank}-${entry.achieved_at}`}>
                  <Table.Td>{entry.rank}</Table.Td>
                  <Table.Td>{entry.nickname === '' ? 'Anonymous' : entry.nickname}</Table.Td>
                  <Table.Td>{entry.score.toLocaleString('en')}</Table.Td>
                  <Table.Td>{momentOf(entry.achieved_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollingTable>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Reset the leaderboard?"
        confirmLabel="Start a new board"
        cancelLabel="Keep this board"
        pending={reset.isPending}
        failure={reset.isError ? describeError(reset.error) : null}
        onConfirm={() => reset.mutate()}
        onClose={() => setConfirming(false)}
      >
        Players start again on an empty board. This board’s scores stay readable as a past board.
      </ConfirmDialog>
    </Card>
  );
}
