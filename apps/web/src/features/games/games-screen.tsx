import { Alert, Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGameBody, GameStatus, GameView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { codeKeys, codesApi } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { CreateGameForm } from './game-form';
import { KIND_LABELS } from './game-form-draft';
import { gameKeys, gamesApi, GAMES_PAGE_SIZE } from './games-api';

export const STATUS_LABELS: Record<GameStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  open: { label: 'Open', color: 'green' },
  closed: { label: 'Closed', color: 'red' },
};

export const gameScreenPath = (gameId: string) => `/admin/games/${encodeURIComponent(gameId)}`;

/** Whether the signed-in member may change the organisation's games, and which organisation that is. */
export function useGamesAccess(): { orgId: string; writable: boolean } {
  const { record } = useOrganizationRecord();
  return { orgId: record.org_id, writable: isRole(record.role) && can.write('engagement', record.role) };
}

function GamesTable({ games, codeNames }: { games: readonly GameView[]; codeNames: ReadonlyMap<string, string> }) {
  return (
    <ScrollingTable label="Games" minWidth={720}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Plays</Table.Th>
          <Table.Th>Winners</Table.Th>
          <Table.Th>Code</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {games.map((game) => (
          <Table.Tr key={game.game_id}>
            <Table.Td style={BREAK_ANYWHERE}>
              <Anchor component={Link} to={gameScreenPath(game.game_id)}>
                {game.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{KIND_LABELS[game.kind]}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_LABELS[game.status].color}>{STATUS_LABELS[game.status].label}</Badge>
            </Table.Td>
            <Table.Td>{game.plays.toLocaleString('en')}</Table.Td>
            <Table.Td>{game.winners.toLocaleString('en')}</Table.Td>
            <Table.Td>{codeNames.get(game.code_id) ?? game.code_id}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollingTable>
  );
}

/** `/admin/games`: the organisation's games (issue 58) and a new one's form; a created game opens on its own screen. */
export function GamesScreen() {
  const { orgId, writable } = useGamesAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const games = useQuery({ queryKey: gameKeys.list(orgId, page), queryFn: () => gamesApi.list(orgId, page), enabled: orgId !== '' });
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const codeNames = new Map((codes.data ?? []).map((code) => [code.code_id, code.name]));
  const create = useMutation({
    mutationFn: (body: CreateGameBody) => gamesApi.create(body),
    onSuccess: async (game) => {
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void navigate(gameScreenPath(game.game_id));
    },
  });
  const pages = Math.ceil((games.data?.total ?? 0) / GAMES_PAGE_SIZE);

  return (
    <Stack>
      <Title order={1}>Games</Title>
      <Text c="dimmed">Spin the wheel, scratch cards and quizzes on a QR code: the server draws every prize from its stock before the phone animates it.</Text>
      {games.isError && <Alert color="red">{describeError(games.error)}</Alert>}
      {games.data?.items.length === 0 && <Text>{writable ? 'No games yet. Create the first one below.' : 'No games yet.'}</Text>}
      {games.data && games.data.items.length > 0 && <GamesTable games={games.data.items} codeNames={codeNames} />}
      {pages > 1 && <LabelledPagination label="Pages of games" total={pages} value={page} onChange={setPage} />}
      {writable && orgId !== '' && (
        <Card withBorder maw={760}>
          <Title order={2} size="h4" mb="sm">
            New game
          </Title>
          {codes.data?.length === 0 ? (
            <Text>
              A game belongs to a QR code.{' '}
              <Anchor component={Link} to="/admin/create-qr-code">
                Create a code
              </Anchor>{' '}
              first.
            </Text>
          ) : (
            <CreateGameForm orgId={orgId} codes={codes.data ?? []} pending={create.isPending} failure={create.error} onSubmit={(body) => create.mutate(body)} />
          )}
        </Card>
      )}
    </Stack>
  );
}
