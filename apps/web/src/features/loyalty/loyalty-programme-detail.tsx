import { Alert, Anchor, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { fileNameOf, type CodeView, type ProgrammeView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { CopyTextButton } from '../../components/copy-text-button';
import { LabelledPagination } from '../../components/labelled-pagination';
import { isRole, useOrganizationRecord } from '../organization';
import { LOYALTY_MEMBERS_PAGE_SIZE, loyaltyApi, loyaltyKeys } from './loyalty-api';
import { VenueCounter } from './loyalty-counter';
import { unitOf } from './loyalty-programme-draft';
import { AddressQrImage } from '../../components/address-qr-image';
import { ReferralAnalysis } from './loyalty-referrals';
import { CsvExportButton } from '../customers';
import { ScrollingTable } from '../../components/scrolling-table';

export const PROGRAMME_TABS = ['members', 'rewards', 'referrals', 'counter'] as const;
export type ProgrammeTab = (typeof PROGRAMME_TABS)[number];

const count = (n: number) => n.toLocaleString('en');
const when = (instant: string) => new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const memberPathOf = (programmeId: string, cardId: string) => `/admin/loyalty/${encodeURIComponent(programmeId)}/members/${encodeURIComponent(cardId)}`;

function Members({ programme }: { programme: ProgrammeView }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [searched] = useDebouncedValue(search.trim(), 300);
  const members = useQuery({
    queryKey: loyaltyKeys.members(programme.programme_id, searched, page),
    queryFn: () => loyaltyApi.members(programme.programme_id, searched, page),
    placeholderData: (previous) => previous,
  });
  const unit = unitOf(programme.terms.kind);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search members"
        description="Part of an email, a phone number or a name."
        type="search"
        value={search}
        onChange={(event) => (setSearch(event.currentTarget.value), setPage(1))}
        maw={420}
      />
      {members.isError && <Alert color="red">{describeError(members.error)}</Alert>}
      {members.data?.total === 0 && (
        <Text c="dimmed">{searched === '' ? 'Nobody has joined yet. Members appear here once they join from the card page.' : 'No member matches.'}</Text>
      )}
      {members.data && members.data.total > 0 && (
        <ScrollingTable label="Members" minWidth={640} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Balance</Table.Th>
              <Table.Th>Tier</Table.Th>
              <Table.Th>Last activity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.items.map((member) => {
              const path = memberPathOf(programme.programme_id, member.card_id);
              return (
                <Table.Tr key={member.card_id} onClick={() => navigate(path)} style={{ cursor: 'pointer' }}>
                  <Table.Td style={BREAK_ANYWHERE}>
                    {/* The link is what a keyboard and a screen reader use; the row's click is a larger target for a finger. */}
                    <Anchor component={Link} to={path} onClick={(event) => event.stopPropagation()}>
                      {member.email ?? member.phone ?? member.name ?? 'A member'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{member.phone ?? '—'}</Table.Td>
                  <Table.Td>{member.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {count(member.balance)} {unitOf(programme.terms.kind, member.balance)}
                  </Table.Td>
                  <Table.Td>{member.tier ?? '—'}</Table.Td>
                  <Table.Td>{when(member.last_activity_at)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollingTable>
      )}
      {members.data && members.data.total > LOYALTY_MEMBERS_PAGE_SIZE && (
        <LabelledPagination label="Pages of members" total={Math.ceil(members.data.total / LOYALTY_MEMBERS_PAGE_SIZE)} value={page} onChange={setPage} />
      )}
      <Text size="xs" c="dimmed">
        Balances are in {unit}.
      </Text>
    </Stack>
  );
}

function Rewards({ programme }: { programme: ProgrammeView }) {
  if (programme.rewards.length === 0) return <Text c="dimmed">No rewards yet: add them to the programme’s terms.</Text>;
  return (
    <ScrollingTable label="Rewards" minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Reward</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Stock</Table.Th>
          <Table.Th>Redeemed</Table.Th>
          <Table.Th>Remaining</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {programme.rewards.map((reward) => (
          <Table.Tr key={reward.reward_id}>
            <Table.Td style={BREAK_ANYWHERE}>{reward.name}</Table.Td>
            <Table.Td>
              {count(reward.price)} {unitOf(programme.terms.kind, reward.price)}
            </Table.Td>
            <Table.Td>{reward.stock === null ? 'No limit' : count(reward.stock)}</Table.Td>
            <Table.Td>{count(reward.redeemed)}</Table.Td>
            <Table.Td>{reward.remaining === null ? 'No limit' : reward.remaining === 0 ? 'Out of stock' : count(reward.remaining)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollingTable>
  );
}

/** The visitors' card page of the programme (spec route `/card/{id}`), to print or share, with its QR code. */
function CardPageLink({ programme }: { programme: ProgrammeView }) {
  const link = `${window.location.origin}/card/${encodeURIComponent(programme.programme_id)}`;
  return (
    <Group align="flex-start" gap="md">
      <AddressQrImage url={link} alt={`QR code of the card page of ${programme.terms.name}`} size={140} />
      <Stack gap="xs" style={{ flex: '1 1 220px' }}>
        <TextInput label="Visitors join and see their card at" value={link} readOnly />
        <CopyTextButton value={link} label="Copy the card link" />
      </Stack>
    </Group>
  );
}

/** One programme (`?programme=`): its members, rewards, referrals and the counter's venue code (issue 54). */
export function LoyaltyProgrammeDetail({
  programme,
  code,
  tab,
  onTab,
  onBack,
}: {
  programme: ProgrammeView;
  code: CodeView;
  tab: ProgrammeTab;
  onTab(tab: ProgrammeTab): void;
  onBack(): void;
}) {
  const { record } = useOrganizationRecord();
  const mayExport = isRole(record.role) && can.exportAnalytics(record.role);
  return (
    <Stack>
      <Anchor component="button" type="button" onClick={onBack} size="sm" style={{ alignSelf: 'flex-start' }}>
        ← All programmes of {code.name}
      </Anchor>
      <Stack gap={0}>
        <Title order={2} style={BREAK_ANYWHERE}>
          {programme.terms.name}
        </Title>
        <Text c="dimmed">
          {programme.terms.kind === 'stamps' ? `A card of ${programme.terms.stamps_required} stamps` : 'Points'} · {count(programme.members)}{' '}
          {programme.members === 1 ? 'member' : 'members'}
        </Text>
      </Stack>
      <CardPageLink programme={programme} />
      {mayExport && (
        <CsvExportButton
          download={(onProgress) => loyaltyApi.exportCsv(programme.programme_id, onProgress)}
          fileName={() => `${fileNameOf(programme.terms.name, 'loyalty-members')}_${new Date().toISOString().slice(0, 10)}.csv`}
        />
      )}
      <Tabs value={tab} onChange={(value) => onTab(PROGRAMME_TABS.find((known) => known === value) ?? 'members')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="rewards">Rewards</Tabs.Tab>
          <Tabs.Tab value="referrals">Referrals</Tabs.Tab>
          <Tabs.Tab value="counter">Counter</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <Members programme={programme} />
        </Tabs.Panel>
        <Tabs.Panel value="rewards" pt="md">
          <Rewards programme={programme} />
        </Tabs.Panel>
        <Tabs.Panel value="referrals" pt="md">
          <ReferralAnalysis programme={programme} />
        </Tabs.Panel>
        <Tabs.Panel value="counter" pt="md">
          <VenueCounter programme={programme} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
