import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameView, UpdateGameBody } from '@qr/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { counted } from '../../components/counted';
import { PageLoader } from '../../components/page-loader';
import { EditGameForm } from './game-form';
import { KIND_LABELS } from './game-form-draft';
import { GameLeaderboard } from './game-leaderboard';
import { GamePlayerLink } from './game-player-link';
import { GamePlays, PrizeStockTable } from './game-plays';
import { gameKeys, gamesApi } from './games-api';
import { STATUS_LABELS, useGamesAccess } from './games-screen';

function Controls({ game, onEdit, onDelete }: { game: GameView; onEdit(): void; onDelete(): void }) {
  const queryClient = useQueryClient();
  const action = game.status === 'open' ? 'close' : 'open';
  const act = useMutation({
    mutationFn: () => gamesApi.act(game.game_id, action),
    onSuccess: (next) => {
      queryClient.setQueryData(gameKeys.game(game.game_id), next);
      return queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button loading={act.isPending} onClick={() => act.mutate()}>
          {action === 'open' ? 'Open the game' : 'Close the game'}
        </Button>
        <Button variant="default" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="subtle" color="red" onClick={onDelete}>
          Delete
        </Button>
      </Group>
      {act.isError && <Alert color="red">{describeError(act.error)}</Alert>}
    </Stack>
  );
}

/** `/admin/games/{gameId}`: one game's controls, player link, prize stock, plays, exports and leaderboard (issue 58). */
export function GameDetailScreen() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { writable } = useGamesAccess();
  const game = useQuery({ queryKey: gameKeys.game(gameId), queryFn: () => gamesApi.get(gameId), retry: retryUnlessRefused });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useMutation({
    mutationFn: (body: UpdateGameBody) => gamesApi.update(gameId, body),
    onSuccess: async (next) => {
      queryClient.setQueryData(gameKeys.game(gameId), next);
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: () => gamesApi.remove(gameId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void navigate('/admin/games');
    },
  });

  const back = (
    <Anchor component={Link} to="/admin/games" size="sm" style={{ alignSelf: 'flex-start' }}>
      ← Games
    </Anchor>
  );
  if (game.isPending) return <PageLoader />;
  if (game.isError)
    return (
      <Stack>
        {back}
        <Title order={1}>This game could not be opened</Title>
        <Alert color="red">{describeError(game.error)}</Alert>
      </Stack>
    );
  const { data } = game;
  const status = STATUS_LABELS[data.status];
  return (
    <Stack>
      <Stack gap={0}>
        {back}
        <Title order={1} style={BREAK_ANYWHERE}>
          {data.name}
        </Title>
      </Stack>
      <Group gap="xs">
        <Badge color={status.color}>{status.label}</Badge>
        <Badge color="gray" variant="light">
          {KIND_LABELS[data.kind]}
        </Badge>
        <Text size="sm">
          {counted(data.plays, 'play')} · {counted(data.players, 'player')} · {counted(data.winners, 'winner')}
        </Text>
      </Group>
      {writable && <Controls game={data} onEdit={() => (update.reset(), setEditing(true))} onDelete={() => (remove.reset(), setDeleting(true))} />}
      {editing && (
        <Card withBorder maw={760}>
          <EditGameForm
            game={data}
            pending={update.isPending}
            failure={update.error}
            onSubmit={(body) => update.mutate(body)}
            onCancel={() => setEditing(false)}
          />
        </Card>
      )}
      <GamePlayerLink game={data} />
      <PrizeStockTable gameId={gameId} />
      {data.leaderboard && <GameLeaderboard game={data} writable={writable} />}
      <GamePlays gameId={gameId} />
      <ConfirmDialog
        opened={deleting}
        title="Delete the game?"
        confirmLabel="Delete the game"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      >
        Its players’ page stops working, and its plays, winners and leaderboard are gone for good. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
