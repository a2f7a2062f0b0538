import { Alert, Fieldset, List, NativeSelect, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AudiencePreviewBody, AudiencePreviewView, CodeNameView } from '@qr/contracts';
import { useMemo } from 'react';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import type { FormErrors, Setter } from '../promos';
import { loyaltyApi, loyaltyKeys } from '../loyalty';
import { pageKeys, pagesApi } from '../pages';
import { audienceOf, type CampaignDraft } from './campaign-draft';
import { campaignsApi, messagingKeys } from './messaging-api';

const count = (n: number) => n.toLocaleString('en');

/** Who the campaign reaches: the code, a form of it, a loyalty programme and tier, recent activity. */
export function AudienceFields({
  orgId,
  codes,
  draft,
  set,
  errors,
}: {
  orgId: string;
  codes: readonly CodeNameView[];
  draft: CampaignDraft;
  set: Setter<CampaignDraft>;
  errors: FormErrors;
}) {
  const codeId = draft.audience_code_id;
  const pages = useQuery({ queryKey: pageKeys.ofCode(codeId), queryFn: () => pagesApi.ofCode(codeId), enabled: codeId !== '' && draft.channel !== 'push' });
  const programmes = useQuery({
    queryKey: loyaltyKeys.programmesOf(codeId),
    queryFn: () => loyaltyApi.list(orgId, codeId),
    enabled: codeId !== '' && draft.channel !== 'push',
  });
  const programme = programmes.data?.find((one) => one.programme_id === draft.programme_id);
  return (
    <Fieldset legend="Audience">
      <Stack gap="sm">
        <NativeSelect
          label="Came through code"
          description={
            draft.channel === 'push'
              ? 'Browsers subscribed on this code’s pages; none: every subscriber.'
              : 'Customers who came through this code; none: every customer.'
          }
          data={[{ value: '', label: 'Any code' }, ...codes.map((code) => ({ value: code.code_id, label: code.name }))]}
          value={codeId}
          // A form and a programme belong to one code: another code clears them.
          onChange={(event) => set({ audience_code_id: event.currentTarget.value, page_id: '', programme_id: '', tier: '' })}
          error={errors['audience.code_id']}
        />
        {draft.channel !== 'push' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Form or page"
              disabled={codeId === ''}
              description={codeId === '' ? 'Choose a code first.' : undefined}
              data={[{ value: '', label: 'Any page' }, ...(pages.data ?? []).map((page) => ({ value: page.page_id, label: page.title || page.page_id }))]}
              value={draft.page_id}
              onChange={(event) => set({ page_id: event.currentTarget.value })}
              error={errors['audience.page_id']}
            />
            <NativeSelect
              label="Loyalty programme"
              disabled={codeId === ''}
              description={codeId === '' ? 'Choose a code first.' : undefined}
              data={[{ value: '', label: 'Members or not' }, ...(programmes.data ?? []).map((one) => ({ value: one.programme_id, label: one.terms.name }))]}
              value={draft.programme_id}
              onChange={(event) => set({ programme_id: event.currentTarget.value, tier: '' })}
              error={errors['audience.programme_id']}
            />
            <NativeSelect
              label="Tier"
              disabled={!programme || programme.terms.tiers.length === 0}
              data={[{ value: '', label: 'Any tier' }, ...(programme?.terms.tiers ?? []).map((tier) => ({ value: tier.name, label: tier.name }))]}
              value={draft.tier}
              onChange={(event) => set({ tier: event.currentTarget.value })}
              error={errors['audience.tier']}
            />
            <NumberInput
              label="Active within days"
              description="Empty: whenever they were last seen"
              min={1}
              max={3650}
              allowDecimal={false}
              value={draft.active_within_days}
              onChange={(active_within_days) => set({ active_within_days })}
              error={errors['audience.active_within_days']}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Who the filters reach now, asked again a moment after they stop changing. */
export function useAudiencePreview(orgId: string, draft: CampaignDraft) {
  // Debounced as text: a new object each render would restart the wait forever.
  const [text] = useDebouncedValue(JSON.stringify({ org_id: orgId, channel: draft.channel, audience: audienceOf(draft) }), 400);
  const asked = useMemo(() => JSON.parse(text) as AudiencePreviewBody, [text]);
  return useQuery({
    queryKey: messagingKeys.audience(asked),
    queryFn: () => campaignsApi.preview(asked),
    enabled: orgId !== '',
    retry: retryUnlessRefused,
    placeholderData: (previous) => previous,
  });
}

export function AudiencePreview({ preview }: { preview: ReturnType<typeof useAudiencePreview> }) {
  const data: AudiencePreviewView | undefined = preview.data;
  return (
    <Stack gap={4} aria-live="polite" aria-busy={preview.isFetching}>
      {preview.isError && <Alert color="red">{describeError(preview.error)}</Alert>}
      {!data && preview.isPending && <Skeleton height={40} />}
      {data && (
        <>
          <Text fw={600}>{data.count === 1 ? '1 recipient' : `${count(data.count)} recipients`}</Text>
          {data.without_consent > 0 && (
            <Text size="sm" c="dimmed">
              {count(data.without_consent)} more match but have not consented on this channel: they are not messaged.
            </Text>
          )}
          {data.count === 0 && <Text size="sm">Nobody to message yet: widen the filters, or invite customers to consent on a form.</Text>}
          {data.sample.length > 0 && (
            <List size="sm" aria-label="Some of the recipients">
              {data.sample.map((one) => (
                <List.Item key={one.recipient} style={BREAK_ANYWHERE}>
                  {one.name ? `${one.name} · ${one.recipient}` : one.recipient}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </Stack>
  );
}
