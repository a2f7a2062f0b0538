import { Alert, Anchor, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CampaignView, MessagingChannel } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { isRole, useOrganizationRecord } from '../organization';
import { CampaignEditor, CHANNEL_LABELS } from './campaign-editor';
import { CampaignProgress, CampaignSummary, SENDING_POLL_MS, StatusBadge, when } from './campaign-results';
import { campaignsApi, CAMPAIGNS_PAGE_SIZE, messagingKeys } from './messaging-api';

/** Whether the signed-in person may write campaigns, and for which organisation. */
export function useMessagingRecord() {
  const { record } = useOrganizationRecord();
  return { orgId: record.org_id, organizationName: record.org_name, writable: isRole(record.role) && can.write('messaging', record.role) };
}

/** Where a campaign opens: SMS ones on their own screen. */
export const campaignLink = (campaign: Pick<CampaignView, 'campaign_id' | 'channel'>) =>
  `/admin/${campaign.channel === 'sms' ? 'sms-campaigns' : 'campaigns'}?campaign=${encodeURIComponent(campaign.campaign_id)}`;

/** A page of campaigns: asked again every 2 s while one of them is sending, so its bar moves. */
export function CampaignList({ orgId, channel, empty }: { orgId: string; channel: MessagingChannel; empty: string }) {
  const [page, setPage] = useState(1);
  const campaigns = useQuery({
    queryKey: messagingKeys.campaigns(orgId, channel, '', page),
    queryFn: () => campaignsApi.list(orgId, channel, '', page),
    enabled: orgId !== '',
    refetchInterval: (query) => (query.state.data?.items.some((campaign) => campaign.status === 'sending') ? SENDING_POLL_MS : false),
    placeholderData: (previous) => previous,
  });
  const pages = campaigns.data ? Math.ceil(campaigns.data.total / CAMPAIGNS_PAGE_SIZE) : 0;
  const label = `${CHANNEL_LABELS[channel]} campaigns`;
  return (
    <Stack gap="sm">
      {campaigns.isError && <Alert color="red">{describeError(campaigns.error)}</Alert>}
      {campaigns.isPending && <Skeleton height={120} />}
      {campaigns.data?.items.length === 0 && <Text>{empty}</Text>}
      {campaigns.data && campaigns.data.items.length > 0 && (
        <ScrollingTable label={label} minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Scheduled</Table.Th>
              <Table.Th>Progress and results</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.data.items.map((campaign) => (
              <Table.Tr key={campaign.campaign_id}>
                <Table.Td style={BREAK_ANYWHERE}>
                  <Anchor component={Link} to={campaignLink(campaign)}>
                    {campaign.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{CHANNEL_LABELS[campaign.channel]}</Table.Td>
                <Table.Td>
                  <StatusBadge status={campaign.status} />
                </Table.Td>
                <Table.Td>{campaign.send_at ? when(campaign.send_at) : campaign.status === 'draft' ? 'Not yet' : 'At once'}</Table.Td>
                <Table.Td>
                  <CampaignProgress campaign={campaign} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
      <LabelledPagination label={`Pages of ${label.toLowerCase()}`} total={pages > 1 ? pages : 0} value={page} onChange={setPage} />
    </Stack>
  );
}

/** One campaign opened in place: a draft in the editor, the others with their progress and deliveries. */
export function OpenedCampaign({ campaignId, backTo, onScheduled }: { campaignId: string; backTo: string; onScheduled(campaign: CampaignView): void }) {
  const { orgId, organizationName, writable } = useMessagingRecord();
  const campaign = useQuery({
    queryKey: messagingKeys.campaign(campaignId),
    queryFn: () => campaignsApi.get(campaignId),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SENDING_POLL_MS : false),
  });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" style={{ alignSelf: 'flex-start' }}>
        ← Every campaign
      </Anchor>
      {campaign.isError && <Alert color="red">{describeError(campaign.error)}</Alert>}
      {campaign.isPending && <Skeleton height={200} />}
      {campaign.data && (
        <>
          <Title order={2} style={BREAK_ANYWHERE}>
            {campaign.data.name}
          </Title>
          {campaign.data.status === 'draft' && writable ? (
            <CampaignEditor
              key={campaign.data.campaign_id}
              orgId={orgId}
              organizationName={organizationName}
              initial={campaign.data}
              channels={[campaign.data.channel]}
              onScheduled={onScheduled}
            />
          ) : (
            <CampaignSummary campaign={campaign.data} writable={writable} />
          )}
        </>
      )}
    </Stack>
  );
}

export function NewCampaignLink({ to, children }: { to: string; children: string }) {
  return (
    <Button component={Link} to={to} style={{ alignSelf: 'flex-start' }}>
      {children}
    </Button>
  );
}
