import { Alert, Anchor, Badge, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { PageLoader } from '../../components/page-loader';
import { momentOf } from './game-plays';
import { gameScreenPath, useGamesAccess } from './games-screen';
import { gameKeys, gamesApi } from './games-api';

/**
 * `/admin/games/{gameId}/vouchers/{voucherCode}`: what a winner's voucher QR opens for staff at the
 * counter: the prize and its text, and a Redeem button until it has been handed over. A second
 * redeem (another till, a reused screenshot) is the server's refusal, said here in its words.
 */
export function VoucherRedeemScreen() {
  const { gameId = '', voucherCode = '' } = useParams();
  const queryClient = useQueryClient();
  const { writable } = useGamesAccess();
  const key = gameKeys.voucher(gameId, voucherCode);
  const voucher = useQuery({ queryKey: key, queryFn: () => gamesApi.voucher(gameId, voucherCode), retry: retryUnlessRefused });
  const redeem = useMutation({
    mutationFn: () => gamesApi.redeem(gameId, voucherCode),
    onSuccess: async (next) => {
      queryClient.setQueryData(key, next);
      await queryClient.invalidateQueries({ queryKey: gameKeys.game(gameId) });
    },
  });
  const back = (
    <Anchor component={Link} to={gameScreenPath(gameId)} size="sm" style={{ alignSelf: 'flex-start' }}>
      ← The game
    </Anchor>
  );
  if (voucher.isPending) return <PageLoader />;
  if (voucher.isError)
    return (
      <Stack>
        {back}
        <Title order={1}>This voucher could not be found</Title>
        <Alert color="red">{describeError(voucher.error)}</Alert>
      </Stack>
    );
  const { data } = voucher;
  return (
    <Stack maw={560}>
      <Stack gap={0}>
        {back}
        <Title order={1}>Voucher {data.voucher_code}</Title>
      </Stack>
      <Card withBorder>
        <Stack gap="xs">
          <Text fw={700} size="lg">
            {data.prize.label}
          </Text>
          <Text>{data.text}</Text>
          <Text size="sm" c="dimmed">
            Won {momentOf(data.won_at)}
          </Text>
          {data.redeemed_at ? (
            <Badge color="gray" size="lg" style={{ alignSelf: 'flex-start' }}>
              Redeemed {momentOf(data.redeemed_at)}
            </Badge>
          ) : (
            <Badge color="green" size="lg" style={{ alignSelf: 'flex-start' }}>
              Not redeemed yet
            </Badge>
          )}
        </Stack>
      </Card>
      {writable && !data.redeemed_at && (
        <Button size="lg" loading={redeem.isPending} onClick={() => redeem.mutate()} style={{ alignSelf: 'flex-start' }}>
          Redeem
        </Button>
      )}
      {redeem.isError && (
        <Alert color="red" role="alert" title="Not redeemed">
          {describeError(redeem.error)}
        </Alert>
      )}
    </Stack>
  );
}
