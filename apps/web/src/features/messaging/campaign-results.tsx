import { Alert, Badge, Button, Card, Group, NativeSelect, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_STATUSES, type CampaignStatus, type CampaignView, type DeliveryStatus } from '@qr/contracts';
import { useState } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LabelledPagination } from '../../components/labelled-pagination';
import { ScrollingTable } from '../../components/scrolling-table';
import { campaignsApi, DELIVERIES_PAGE_SIZE, messagingKeys } from './messaging-api';

/** While a campaign sends, its screens ask again this often: a progress bar that moves, without hammering the API. */
export const SENDING_POLL_MS = 2_000;

export const STATUS_LABELS: Record<CampaignStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  sending: { label: 'Sending', color: 'orange' },
  sent: { label: 'Sent', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'red' },
};
export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  opted_out: 'Opted out',
};

const count = (n: number) => n.toLocaleString('en');
export const when = (instant: string) => new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge color={STATUS_LABELS[status].color}>{STATUS_LABELS[status].label}</Badge>;
}

/** Recipients whose turn has come and gone: everyone but the queued. */
const handled = (campaign: CampaignView) => campaign.recipients - campaign.deliveries.queued;

/** "Delivered 10 · Sent 3 · Failed 1 · Opted out 0" (queued only while some are). */
export function resultsOf(campaign: CampaignView): string {
  return DELIVERY_STATUSES.filter((status) => status !== 'queued' || campaign.deliveries.queued > 0)
    .map((status) => `${DELIVERY_LABELS[status]} ${count(campaign.deliveries[status])}`)
    .join(' · ');
}

/** A progress bar while the campaign sends, its counts once it has; nothing before it starts. */
export function CampaignProgress({ campaign }: { campaign: CampaignView }) {
  if (campaign.status === 'sending') {
    const done = Math.max(0, handled(campaign));
    const percent = campaign.recipients === 0 ? 0 : Math.round((done / campaign.recipients) * 100);
    const label = `${count(done)} of ${count(campaign.recipients)} handled`;
    return (
      <Stack gap={2} miw={140}>
        <Progress value={percent} aria-label={`Progress of ${campaign.name}`} animated />
        <Text size="xs">{label}</Text>
      </Stack>
    );
  }
  if (campaign.status === 'sent') return <Text size="sm">{resultsOf(campaign)}</Text>;
  return null;
}

export const isSending = (status: CampaignStatus) => status === 'sending';

/** Each recipient's delivery, filtered by status: what the provider said, and why a message failed. */
export function DeliveryResults({ campaign }: { campaign: CampaignView }) {
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    queryKey: messagingKeys.deliveries(campaign.campaign_id, status, page),
    queryFn: () => campaignsApi.deliveries(campaign.campaign_id, status, page),
    refetchInterval: isSending(campaign.status) ? SENDING_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
  const pages = deliveries.data ? Math.ceil(deliveries.data.total / DELIVERIES_PAGE_SIZE) : 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Deliveries
      </Title>
      <NativeSelect
        label="Show"
        w={220}
        maw="100%"
        data={[{ value: '', label: 'Every recipient' }, ...DELIVERY_STATUSES.map((one) => ({ value: one, label: DELIVERY_LABELS[one] }))]}
        value={status}
        onChange={(event) => {
          setStatus(DELIVERY_STATUSES.find((one) => one === event.currentTarget.value) ?? '');
          setPage(1);
        }}
      />
      {deliveries.isError && <Alert color="red">{describeError(deliveries.error)}</Alert>}
      {deliveries.isPending && <Skeleton height={80} />}
      {deliveries.data?.items.length === 0 && (
        <Text>
          {status === '' ? 'No deliveries yet: they appear once the campaign starts sending.' : `No deliveries are ${DELIVERY_LABELS[status].toLowerCase()}.`}
        </Text>
      )}
      {deliveries.data && deliveries.data.items.length > 0 && (
        <ScrollingTable label={`Deliveries of ${campaign.name}`} minWidth={620}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.items.map((delivery) => (
              <Table.Tr key={`${delivery.recipient}-${delivery.updated_at}`}>
                <Table.Td style={BREAK_ANYWHERE}>{delivery.name ? `${delivery.name} · ${delivery.recipient}` : delivery.recipient}</Table.Td>
                <Table.Td>{DELIVERY_LABELS[delivery.status]}</Table.Td>
                <Table.Td style={BREAK_ANYWHERE}>{delivery.reason ?? ''}</Table.Td>
                <Table.Td>{when(delivery.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollingTable>
      )}
      <LabelledPagination label="Pages of deliveries" total={pages > 1 ? pages : 0} value={page} onChange={setPage} />
    </Stack>
  );
}

/** A campaign past its draft: when it goes, how far it got, a way to cancel while it waits, and every delivery. */
export function CampaignSummary({ campaign, writable }: { campaign: CampaignView; writable: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => campaignsApi.cancel(campaign.campaign_id),
    onSuccess: async () => (setConfirming(false), await queryClient.invalidateQueries({ queryKey: messagingKeys.all })),
  });
  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="xs">
          <Group justify="space-between">
            <StatusBadge status={campaign.status} />
            {campaign.status === 'scheduled' && writable && (
              <Button color="red" variant="light" size="xs" onClick={() => (cancel.reset(), setConfirming(true))}>
                Cancel the campaign
              </Button>
            )}
          </Group>
          {campaign.send_at && <Text size="sm">{`${campaign.status === 'scheduled' ? 'Goes out' : 'Went out'} ${when(campaign.send_at)}`}</Text>}
          {campaign.subject && (
            <Text size="sm" style={BREAK_ANYWHERE}>
              {campaign.subject}
            </Text>
          )}
          <Text size="sm" c="dimmed" style={{ ...BREAK_ANYWHERE, whiteSpace: 'pre-wrap' }}>
            {campaign.message}
          </Text>
          {campaign.recipients > 0 && <Text size="sm">{`${count(campaign.recipients)} recipients`}</Text>}
          <CampaignProgress campaign={campaign} />
        </Stack>
      </Card>
      <DeliveryResults campaign={campaign} />
      <ConfirmDialog
        opened={confirming}
        title={`Cancel ${campaign.name}?`}
        confirmLabel="Cancel the campaign"
        cancelLabel="Keep it scheduled"
        pending={cancel.isPending}
        failure={cancel.isError ? describeError(cancel.error) : null}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      >
        Nobody receives it. To send it later, make a new campaign.
      </ConfirmDialog>
    </Stack>
  );
}
