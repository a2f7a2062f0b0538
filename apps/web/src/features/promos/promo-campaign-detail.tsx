import { Alert, Anchor, Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fileNameOf, PROMO_REFUSAL_REASONS, type AnalyticsPeriod, type CodeView, type PromoCampaignView, type PromoRefusalReason } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { LabelledPagination } from '../../components/labelled-pagination';
import { AnalyticsPeriodPicker, DEFAULT_ANALYTICS_PERIOD, formatBucket, periodLabel } from '../analytics';
import { isRole, useOrganizationRecord } from '../organization';
import { codesLabel } from './promo-campaign-form-draft';
import { CsvExportButton } from '../customers';
import { PROMO_CODES_PAGE_SIZE, PROMO_REDEMPTIONS_PAGE_SIZE, promoKeys, promosApi } from './promos-api';

/** Why validations said no, as staff read it (the visitor's own words are PROMO_REFUSAL_TEXTS). */
export const REFUSAL_LABELS: Record<PromoRefusalReason, string> = {
  unknown: 'Unknown code',
  not_yet_valid: 'Not valid yet',
  expired: 'Expired',
  outside_hours: 'Outside its days or hours',
  used_up: 'Used up',
  already_used_by_you: 'Already used by that visitor',
  outside_area: 'Outside the area',
  needs_master_key: 'Waiting for the master key',
};

const count = (n: number) => n.toLocaleString('en');

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

function RefusalsTable({ refusals, caption }: { refusals: Record<PromoRefusalReason, number>; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={280} type="native">
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Refused because</Table.Th>
            <Table.Th>Times</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PROMO_REFUSAL_REASONS.map((reason) => (
            <Table.Tr key={reason}>
              <Table.Td>{REFUSAL_LABELS[reason]}</Table.Td>
              <Table.Td>{count(refusals[reason] ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Usage({ campaign }: { campaign: PromoCampaignView }) {
  const usage = useQuery({ queryKey: promoKeys.usage(campaign.campaign_id), queryFn: () => promosApi.usage(campaign.campaign_id) });
  if (usage.isError) return <Alert color="red">{describeError(usage.error)}</Alert>;
  if (!usage.data) return <Text c="dimmed">Loading the usage…</Text>;
  const { validations, redemptions, remaining, refusals } = usage.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Validations" value={count(validations)} />
        <Figure label="Redemptions" value={count(redemptions)} />
        <Figure label="Remaining" value={remaining === null ? 'No limit' : count(remaining)} />
      </SimpleGrid>
      <RefusalsTable refusals={refusals} caption="Every refusal since the campaign began" />
    </Stack>
  );
}

function Analytics({ campaign }: { campaign: PromoCampaignView }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useQuery({
    queryKey: promoKeys.analytics(campaign.campaign_id, period),
    queryFn: () => promosApi.analytics(campaign.campaign_id, period),
    placeholderData: (previous) => previous,
  });
  const view = analytics.data;
  // Empty buckets are left out: a 90-day period of a weekend offer is mostly zeros.
  const busy = view?.series.filter((point) => point.validations > 0) ?? [];
  return (
    <Stack gap="sm">
      <AnalyticsPeriodPicker value={period} onChange={setPeriod} />
      {analytics.isError && <Alert color="red">{describeError(analytics.error)}</Alert>}
      {view && (
        <>
          <Text>
            {periodLabel(view.period)}: {count(view.totals.validations)} validations, {count(view.totals.redemptions)} redemptions.
          </Text>
          {busy.length === 0 ? (
            <Text c="dimmed">No validations in this period.</Text>
          ) : (
            <Table.ScrollContainer minWidth={320} type="native">
              <Table striped>
                <Table.Caption>
                  Validations per {view.bucket}, in {view.time_zone}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Starting</Table.Th>
                    <Table.Th>Validations</Table.Th>
                    <Table.Th>Redeemed</Table.Th>
                    <Table.Th>Refused</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {busy.map((point) => (
                    <Table.Tr key={point.start}>
                      <Table.Td>{formatBucket(point.start, view.bucket, view.time_zone)}</Table.Td>
                      <Table.Td>{count(point.validations)}</Table.Td>
                      <Table.Td>{count(point.redemptions)}</Table.Td>
                      <Table.Td>{count(point.refusals)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <RefusalsTable refusals={view.totals.refusals} caption={`Refusals, ${periodLabel(view.period).toLowerCase()}`} />
        </>
      )}
    </Stack>
  );
}

const metres = (value: number | null) => (value === null ? '—' : `${Math.round(value).toLocaleString('en')} m`);

function Redemptions({ campaign }: { campaign: PromoCampaignView }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: promoKeys.redemptions(campaign.campaign_id, page),
    queryFn: () => promosApi.redemptions(campaign.campaign_id, page),
    placeholderData: (previous) => previous,
  });
  if (list.isError) return <Alert color="red">{describeError(list.error)}</Alert>;
  if (!list.data) return <Text c="dimmed">Loading the redemptions…</Text>;
  if (list.data.total === 0) return <Text c="dimmed">Nobody has redeemed a code yet.</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Redeemed</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Distance</Table.Th>
              <Table.Th>Accuracy</Table.Th>
              <Table.Th>Unlocked with</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((row) => (
              <Table.Tr key={row.redemption_id}>
                <Table.Td>{new Date(row.redeemed_at).toLocaleString()}</Table.Td>
                <Table.Td ff="monospace">{row.promo_code}</Table.Td>
                <Table.Td>{metres(row.distance_m)}</Table.Td>
                <Table.Td>{metres(row.accuracy_m)}</Table.Td>
                <Table.Td>{row.unlocked_with ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LabelledPagination label="Pages of redemptions" total={Math.ceil(list.data.total / PROMO_REDEMPTIONS_PAGE_SIZE)} value={page} onChange={setPage} />
    </Stack>
  );
}

/** A unique campaign's codes, a page at a time, for staff to hand out. */
function UniqueCodes({ campaign }: { campaign: PromoCampaignView }) {
  const [page, setPage] = useState(1);
  const codes = useQuery({
    queryKey: promoKeys.codes(campaign.campaign_id, page),
    queryFn: () => promosApi.codes(campaign.campaign_id, page),
    placeholderData: (previous) => previous,
  });
  if (codes.isError) return <Alert color="red">{describeError(codes.error)}</Alert>;
  if (!codes.data) return <Text c="dimmed">Loading the codes…</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={280} type="native">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.data.items.map((row) => (
              <Table.Tr key={row.promo_code}>
                <Table.Td ff="monospace">{row.promo_code}</Table.Td>
                <Table.Td>{row.redeemed ? <Badge color="gray">Redeemed</Badge> : <Badge color="green">Not used</Badge>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LabelledPagination label="Pages of codes" total={Math.ceil(codes.data.total / PROMO_CODES_PAGE_SIZE)} value={page} onChange={setPage} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One campaign's usage, analytics, redemptions, codes and export (spec §7 "Promo lock"). */
export function PromoCampaignDetail({ campaign, code, onBack }: { campaign: PromoCampaignView; code: CodeView; onBack(): void }) {
  const { record } = useOrganizationRecord();
  const mayExport = isRole(record.role) && can.exportAnalytics(record.role);
  return (
    <Stack>
      <Anchor component="button" type="button" onClick={onBack} size="sm" style={{ alignSelf: 'flex-start' }}>
        ← All promos of {code.name}
      </Anchor>
      <Stack gap={0}>
        <Title order={2} style={BREAK_ANYWHERE}>
          {campaign.terms.name}
        </Title>
        <Text c="dimmed">{codesLabel(campaign.codes)}</Text>
      </Stack>
      {mayExport && (
        <CsvExportButton
          download={(onProgress) => promosApi.exportCsv(campaign.campaign_id, onProgress)}
          fileName={() => `${fileNameOf(campaign.terms.name, 'promo-export')}_${new Date().toISOString().slice(0, 10)}.csv`}
        />
      )}
      <Section title="Usage">
        <Usage campaign={campaign} />
      </Section>
      <Section title="Over time">
        <Analytics campaign={campaign} />
      </Section>
      <Section title="Redemptions">
        <Redemptions campaign={campaign} />
      </Section>
      {campaign.codes.kind === 'unique' && (
        <Section title="Unique codes">
          <UniqueCodes campaign={campaign} />
        </Section>
      )}
    </Stack>
  );
}
