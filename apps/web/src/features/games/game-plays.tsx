import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { voucherRedeemPath, type GamePlayRow, type PrizeStockView } from '@qr/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { saveFile } from '../codes';
import { CLAIM_LABELS } from './game-form-draft';
import { gameKeys, gamesApi, GAME_PLAYS_PAGE_SIZE, type PlaysFilter } from './games-api';

const moment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** A moment as staff read it, in their browser's time. */
export const momentOf = (instant: string): string => moment.format(new Date(instant));

/** What is left of each prize: the stock, what plays won, what winners took, and what can still be won. */
export function PrizeStockTable({ gameId }: { gameId: string }) {
  const inventory = useQuery({ queryKey: gameKeys.inventory(gameId), queryFn: () => gamesApi.inventory(gameId), retry: retryUnlessRefused });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Prize stock
      </Title>
      {inventory.isError && <Alert color="red">{describeError(inventory.error)}</Alert>}
      {inventory.data?.prizes.length === 0 && <Text>This game has no prizes.</Text>}
      {inventory.data && inventory.data.prizes.length > 0 && (
        <ScrollingTable label="Prize stock" minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Prize</Table.Th>
              <Table.Th>Given as</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Won</Table.Th>
              <Table.Th>Claimed</Table.Th>
              <Table.Th>Remaining</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inventory.data.prizes.map((prize: PrizeStockView) => (
              <Table.Tr key={prize.prize_id}>
                <Table.Td>{prize.label}</Table.Td>
                <Table.Td>{CLAIM_LABELS[prize.kind]}</Table.Td>
                <Table.Td>{prize.stock.toLocaleString('en')}</Table.Td>
                <Table.Td>{prize.won.toLocaleString('en')}</Table.Td>
                <Table.Td>{prize.claimed.toLocaleString('en')}</Table.Td>
                <Table.Td>{prize.remaining.toLocaleString('en')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
    </Card>
  );
}

function PlayRow({ gameId, play }: { gameId: string; play: GamePlayRow }) {
  return (
    <Table.Tr>
      <Table.Td>{momentOf(play.played_at)}</Table.Td>
      <Table.Td>{play.nickname === '' ? play.player : `${play.nickname} (${play.player})`}</Table.Td>
      <Table.Td>{play.finished ? (play.score?.toLocaleString('en') ?? '—') : 'Not finished'}</Table.Td>
      <Table.Td>{play.prize?.label ?? 'No win'}</Table.Td>
      <Table.Td>{play.claimed_at ? momentOf(play.claimed_at) : '—'}</Table.Td>
      <Table.Td>
        {play.voucher_code ? (
          <Anchor component={Link} to={voucherRedeemPath(gameId, play.voucher_code)}>
            {play.voucher_code}
          </Anchor>
        ) : (
          '—'
        )}
        {play.redeemed_at && ` · redeemed ${momentOf(play.redeemed_at)}`}
      </Table.Td>
    </Table.Tr>
  );
}

/** The game's plays, newest first a page at a time, or only its winners; each voucher leads to its counter page. */
export function GamePlays({ gameId }: { gameId: string }) {
  const [filter, setFilter] = useState<PlaysFilter>('all');
  const [page, setPage] = useState(1);
  const plays = useQuery({
    queryKey: gameKeys.plays(gameId, filter, page),
    queryFn: () => gamesApi.plays(gameId, filter, page),
    retry: retryUnlessRefused,
  });
  const pages = Math.ceil((plays.data?.total ?? 0) / GAME_PLAYS_PAGE_SIZE);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Plays
          </Title>
          <SegmentedControl
            aria-label="Which plays"
            value={filter}
            onChange={(picked) => {
              setFilter(picked === 'winners' ? 'winners' : 'all');
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All plays' },
              { value: 'winners', label: 'Winners' },
            ]}
          />
        </Group>
        {plays.isError && <Alert color="red">{describeError(plays.error)}</Alert>}
        {plays.data?.items.length === 0 && <Text>{filter === 'winners' ? 'No winners yet.' : 'No plays yet.'}</Text>}
        {plays.data && plays.data.items.length > 0 && (
          <ScrollingTable label={filter === 'winners' ? 'Winners' : 'Plays'} minWidth={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Played</Table.Th>
                <Table.Th>Player</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Prize</Table.Th>
                <Table.Th>Claimed</Table.Th>
                <Table.Th>Voucher</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plays.data.items.map((play) => (
                <PlayRow key={play.play_id} gameId={gameId} play={play} />
              ))}
            </Table.Tbody>
          </ScrollingTable>
        )}
        {pages > 1 && <LabelledPagination label="Pages of plays" total={pages} value={page} onChange={setPage} />}
        <PlaysExport gameId={gameId} />
      </Stack>
    </Card>
  );
}

function PlaysExport({ gameId }: { gameId: string }) {
  const download = useMutation({
    mutationFn: async (filter: PlaysFilter) =>
      saveFile(await gamesApi.exportFile(gameId, filter), `game-${gameId}-${filter === 'winners' ? 'winners' : 'plays'}.csv`),
  });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>Export</Text>
        <Button size="xs" variant="default" loading={download.isPending && download.variables === 'all'} onClick={() => download.mutate('all')}>
          All plays (CSV)
        </Button>
        <Button size="xs" variant="default" loading={download.isPending && download.variables === 'winners'} onClick={() => download.mutate('winners')}>
          Winners (CSV)
        </Button>
      </Group>
      {download.isError && <Alert color="red">{describeError(download.error)}</Alert>}
    </Stack>
  );
}
