import { Alert, Badge, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProgrammeView, ReferralAction, ReferralFlag, ReferralStatus } from '@qr/contracts';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { loyaltyApi, loyaltyKeys } from './loyalty-api';
import { unitTitleOf } from './loyalty-programme-draft';
import { ScrollingTable } from '../../components/scrolling-table';

export const FLAG_LABELS: Record<ReferralFlag, string> = {
  similar_email: 'Near-identical email',
  network_burst: 'Many from one network',
  already_member: 'Already a member',
};
const STATUS_LABELS: Record<ReferralStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  converted: { label: 'Converted', color: 'green' },
  flagged: { label: 'Flagged', color: 'orange' },
};
const ACTION_LABELS: Record<ReferralAction, string> = {
  any: 'Any earning',
  scan: 'A scan',
  form_submitted: 'A form sent',
  purchase: 'A purchase',
};

const count = (n: number) => n.toLocaleString('en');
const day = (instant: string) => new Date(instant).toLocaleDateString(undefined, { dateStyle: 'medium' });

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {count(value)}
      </Text>
    </Card>
  );
}

/** Spec §7 "refer analysis": referrers, conversions and rewards, with each fraud rule that fired and why. */
export function ReferralAnalysis({ programme }: { programme: ProgrammeView }) {
  const analysis = useQuery({ queryKey: loyaltyKeys.referrals(programme.programme_id), queryFn: () => loyaltyApi.referrals(programme.programme_id) });
  if (analysis.isError) return <Alert color="red">{describeError(analysis.error)}</Alert>;
  if (!analysis.data) return <Text c="dimmed">Loading the referrals…</Text>;
  const { totals, referrers, referrals } = analysis.data;
  if (totals.referrals === 0)
    return (
      <Text c="dimmed">{programme.terms.referral ? 'Nobody has been referred yet.' : 'Referrals are off for this programme: turn them on in its terms.'}</Text>
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Referrals" value={totals.referrals} />
        <Figure label="Converted" value={totals.converted} />
        <Figure label="Flagged" value={totals.flagged} />
        <Figure label={`${unitTitleOf(programme.terms.kind)} given`} value={totals.rewarded} />
      </SimpleGrid>
      <Title order={3} size="h4">
        Referrers
      </Title>
      <ScrollingTable label="Referrers" minWidth={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Referred</Table.Th>
            <Table.Th>Converted</Table.Th>
            <Table.Th>Flagged</Table.Th>
            <Table.Th>Given</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrers.map((row) => (
            <Table.Tr key={row.referrer}>
              <Table.Td style={BREAK_ANYWHERE}>{row.referrer}</Table.Td>
              <Table.Td>{count(row.referrals)}</Table.Td>
              <Table.Td>{count(row.converted)}</Table.Td>
              <Table.Td>{count(row.flagged)}</Table.Td>
              <Table.Td>{count(row.rewarded)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollingTable>
      <Title order={3} size="h4">
        Referrals
      </Title>
      <ScrollingTable label="Referrals" minWidth={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Friend</Table.Th>
            <Table.Th>Referred by</Table.Th>
            <Table.Th>Converts on</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Why flagged</Table.Th>
            <Table.Th>Recorded</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((row) => (
            <Table.Tr key={row.referral_id}>
              <Table.Td style={BREAK_ANYWHERE}>{row.friend}</Table.Td>
              <Table.Td style={BREAK_ANYWHERE}>{row.referrer}</Table.Td>
              <Table.Td>{ACTION_LABELS[row.action]}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_LABELS[row.status].color}>{STATUS_LABELS[row.status].label}</Badge>
                {row.converted_at && (
                  <Text size="xs" c="dimmed">
                    {day(row.converted_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {row.flags.length === 0 ? (
                  '—'
                ) : (
                  <List size="sm" spacing={2}>
                    {row.flags.map((flag) => (
                      <List.Item key={flag.rule}>
                        <strong>{FLAG_LABELS[flag.rule]}</strong>: {flag.why}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td>{day(row.recorded_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollingTable>
    </Stack>
  );
}
