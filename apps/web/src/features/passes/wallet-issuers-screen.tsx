import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IssuersView, IssuerView } from '@qr/contracts';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { issuersApi, passKeys } from './passes-api';
import { dayOf, WALLET_NAMES } from './pass-words';
import { usePassesRecord } from './use-passes-record';
import { AppleIssuerForm, GoogleIssuerForm } from './wallet-issuer-forms';

/** A connected issuer's warnings (a certificate near its end), each in the words of the health check. */
function IssuerProblems({ issuer }: { issuer: IssuerView }) {
  if (issuer.problems.length === 0) return null;
  return (
    <Stack gap="xs">
      {issuer.problems.map((problem) => (
        <Alert key={problem.code} color={problem.level === 'error' ? 'red' : 'yellow'} title={problem.level === 'error' ? 'Error' : 'Warning'}>
          {problem.message}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * One wallet's issuer: what is connected and until when, its problems, and the form to connect it
 * (or to replace the certificates before they run out, so the form stays while connected).
 */
function IssuerCard({ orgId, issuer, writable }: { orgId: string; issuer: IssuerView; writable: boolean }) {
  const queryClient = useQueryClient();
  const refresh = (now: IssuersView) => queryClient.setQueryData(passKeys.issuers(orgId), now);
  const disconnect = useMutation({ mutationFn: () => issuersApi.disconnect(orgId, issuer.provider), onSuccess: refresh });
  const name = WALLET_NAMES[issuer.provider];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Badge color={issuer.connected ? 'teal' : 'gray'}>{issuer.connected ? 'Connected' : 'Not connected'}</Badge>
        </Group>
        {!issuer.connected && (
          <Text size="sm" c="dimmed">
            {issuer.hint}
          </Text>
        )}
        {issuer.summary && <Text style={BREAK_ANYWHERE}>{issuer.summary}</Text>}
        {issuer.expires_at && <Text size="sm">{`Valid until ${dayOf(issuer.expires_at)}`}</Text>}
        <IssuerProblems issuer={issuer} />
        {issuer.connected && writable && (
          <Button color="red" variant="light" onClick={() => disconnect.mutate()} loading={disconnect.isPending} style={{ alignSelf: 'flex-start' }}>
            {`Disconnect ${name}`}
          </Button>
        )}
        {disconnect.isError && <Alert color="red">{describeError(disconnect.error)}</Alert>}
        {writable && (issuer.provider === 'apple' ? <AppleIssuerForm orgId={orgId} onDone={refresh} /> : <GoogleIssuerForm orgId={orgId} onDone={refresh} />)}
      </Stack>
    </Card>
  );
}

/** `/admin/wallet` (ours): the Apple certificates and the Google service account the organisation's passes are signed with. */
export function WalletIssuersScreen() {
  const { orgId, writable } = usePassesRecord();
  const issuers = useQuery({ queryKey: passKeys.issuers(orgId), queryFn: () => issuersApi.get(orgId), enabled: orgId !== '' });
  return (
    <Stack>
      <Title order={1}>Wallet settings</Title>
      <Text c="dimmed">
        Apple Wallet passes are signed with your pass type certificate; Google Wallet passes with your issuer’s service account. Passes you design are offered
        in each wallet once it is connected.
      </Text>
      <Anchor component={Link} to="/admin/passes">
        Wallet pass designs
      </Anchor>
      {issuers.isError && <Alert color="red">{describeError(issuers.error)}</Alert>}
      {issuers.isPending && <Skeleton height={160} />}
      {issuers.data && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {issuers.data.issuers.map((issuer) => (
            <IssuerCard key={issuer.provider} orgId={orgId} issuer={issuer} writable={writable} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
