import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LoyaltyHistoryEntry, LoyaltySource } from '@qr/contracts';
import { can } from '@qr/domain';
import { Link, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { isRole, useOrganizationRecord } from '../organization';
import { loyaltyApi, loyaltyKeys } from './loyalty-api';
import { MemberActions } from './loyalty-member-actions';
import { unitOf } from './loyalty-programme-draft';
import { ScrollingTable } from '../../components/scrolling-table';

const SOURCE_LABELS: Record<LoyaltySource, string> = {
  scan: 'Scanned the venue code',
  form_submitted: 'Sent a form',
  purchase: 'A purchase',
  staff: 'Given at the counter',
  correction: 'Correction',
  campaign_reward: 'Campaign reward',
  referral: 'Referral',
};

function whatHappened(entry: LoyaltyHistoryEntry): string {
  if (entry.kind === 'joined') return 'Joined';
  if (entry.kind === 'redeemed') return `Redeemed ${entry.reward_name ?? 'a reward'}`;
  const source = entry.source ? SOURCE_LABELS[entry.source] : 'Credited';
  return entry.reward_name ? `${source}: ${entry.reward_name}` : source;
}

function History({ history }: { history: readonly LoyaltyHistoryEntry[] }) {
  // The API sends it newest first: at the counter the last stamp is what staff look for.
  const rows = history;
  return (
    <ScrollingTable label="History" minWidth={640}>
      <Table.Caption>The card’s history, newest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th>Balance after</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Note</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((entry, index) => (
          <Table.Tr key={`${entry.at}-${index}`}>
            <Table.Td>{new Date(entry.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
            <Table.Td>{whatHappened(entry)}</Table.Td>
            <Table.Td>{entry.kind === 'joined' && entry.amount === 0 ? '—' : `${entry.amount > 0 ? '+' : ''}${entry.amount.toLocaleString('en')}`}</Table.Td>
            <Table.Td>{entry.balance_after.toLocaleString('en')}</Table.Td>
            <Table.Td style={BREAK_ANYWHERE}>{entry.by ?? '—'}</Table.Td>
            <Table.Td style={BREAK_ANYWHERE}>{entry.note ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollingTable>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/**
 * `/admin/loyalty/{programmeId}/members/{cardId}`: one member's card, where the QR code on their
 * phone leads staff who scan it. Balance, tier and history, and the counter's actions.
 */
export function LoyaltyMemberScreen() {
  const { programmeId = '', cardId = '' } = useParams();
  const { record } = useOrganizationRecord();
  const writable = isRole(record.role) && can.write('loyalty', record.role);
  const programme = useQuery({ queryKey: loyaltyKeys.programme(programmeId), queryFn: () => loyaltyApi.get(programmeId), enabled: programmeId !== '' });
  const member = useQuery({
    queryKey: loyaltyKeys.member(programmeId, cardId),
    queryFn: () => loyaltyApi.member(programmeId, cardId),
    enabled: programmeId !== '' && cardId !== '',
  });
  const failure = programme.error ?? member.error;
  if (failure) return <Alert color="red">{describeError(failure)}</Alert>;
  if (!programme.data || !member.data) return <Text c="dimmed">Loading the card…</Text>;
  const { terms } = programme.data;
  const card = member.data;
  const who = card.name ?? card.email ?? card.phone ?? 'A member';
  const balance =
    terms.kind === 'stamps'
      ? `${card.balance.toLocaleString('en')} of ${terms.stamps_required} stamps`
      : `${card.balance.toLocaleString('en')} ${unitOf('points', card.balance)}`;
  return (
    <Stack>
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={`/admin/my-codes/loyalty/${encodeURIComponent(programme.data.code_id)}?programme=${encodeURIComponent(programmeId)}`}
          size="sm"
          style={{ alignSelf: 'flex-start' }}
        >
          ← Members of {terms.name}
        </Anchor>
        <Group gap="xs">
          <Title order={1} style={BREAK_ANYWHERE}>
            {who}
          </Title>
          {card.tier && <Badge color="grape">{card.tier}</Badge>}
        </Group>
        <Text c="dimmed" style={BREAK_ANYWHERE}>
          {[card.email, card.phone].filter(Boolean).join(' · ')} · joined {new Date(card.joined_at).toLocaleDateString()}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Balance" value={balance} />
        <Figure label="Earned in all" value={`${card.lifetime.toLocaleString('en')} ${unitOf(terms.kind, card.lifetime)}`} />
        <Figure label="Tier" value={card.tier ?? 'None yet'} />
      </SimpleGrid>
      {writable && <MemberActions programme={programme.data} member={card} />}
      <Title order={2} size="h3">
        History
      </Title>
      <History history={card.history} />
    </Stack>
  );
}
