import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCampaignBody, PromoCampaignView, PromoMasterKeyView, PromoTerms, UpdatePromoCampaignBody } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyTextButton } from '../../components/copy-text-button';
import { codeKeys, codesApi } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { PromoCampaignDetail } from './promo-campaign-detail';
import { CreateCampaignForm, EditTermsForm } from './promo-campaign-form';
import { codesLabel } from './promo-campaign-form-draft';
import { masterKeysApi, promoKeys, promosApi } from './promos-api';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const when = (instant: string) => new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A campaign's window, days and hours in a line: "From 1 Dec 2026, 09:00 · Mon, Tue · 09:00–17:00 (Europe/Berlin)". */
export function validityOf(terms: PromoTerms): string {
  const window =
    terms.starts_at && terms.ends_at
      ? `${when(terms.starts_at)} to ${when(terms.ends_at)}`
      : terms.starts_at
        ? `From ${when(terms.starts_at)}`
        : terms.ends_at
          ? `Until ${when(terms.ends_at)}`
          : 'Always';
  const days = terms.days.length === 7 ? [] : [terms.days.map((day) => WEEKDAY_SHORT[day - 1]).join(', ')];
  const hours = terms.hours ? [`${terms.hours.from}–${terms.hours.until} (${terms.time_zone})`] : [];
  return [window, ...days, ...hours].join(' · ');
}

export const redeemedOf = (campaign: PromoCampaignView): string =>
  campaign.terms.total_limit === null
    ? `${campaign.redeemed.toLocaleString('en')} redeemed, no limit`
    : `${campaign.redeemed.toLocaleString('en')} of ${campaign.terms.total_limit.toLocaleString('en')} redeemed`;

/** Which master key locks the campaign, or none: set here, cleared by choosing none. */
function MasterKeyPicker({ campaign, masterKeys }: { campaign: PromoCampaignView; masterKeys: readonly PromoMasterKeyView[] }) {
  const queryClient = useQueryClient();
  const [keyId, setKeyId] = useState(campaign.master_key_id ?? '');
  const save = useMutation({
    mutationFn: () => promosApi.setMasterKey(campaign.campaign_id, { master_key_id: keyId === '' ? null : keyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs">
        <NativeSelect
          label={`Master key of ${campaign.terms.name}`}
          data={[{ value: '', label: 'No master key' }, ...masterKeys.map((key) => ({ value: key.key_id, label: key.name }))]}
          value={keyId}
          onChange={(event) => setKeyId(event.currentTarget.value)}
        />
        <Button variant="default" loading={save.isPending} disabled={keyId === (campaign.master_key_id ?? '')} onClick={() => save.mutate()}>
          {keyId === '' ? 'Clear the key' : 'Set the key'}
        </Button>
      </Group>
      {save.isError && <Alert color="red">{describeError(save.error)}</Alert>}
    </Stack>
  );
}

function CampaignCard({
  campaign,
  masterKeys,
  writable,
  onOpen,
  onDelete,
}: {
  campaign: PromoCampaignView;
  masterKeys: readonly PromoMasterKeyView[] | undefined;
  writable: boolean;
  onOpen(): void;
  onDelete(): void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const update = useMutation({
    mutationFn: (body: UpdatePromoCampaignBody) => promosApi.update(campaign.campaign_id, body),
    onSuccess: async () => (await queryClient.invalidateQueries({ queryKey: promoKeys.all }), setEditing(false)),
  });
  const lock = campaign.master_key_id === null ? null : (masterKeys?.find((key) => key.key_id === campaign.master_key_id)?.name ?? 'A master key');
  const { name } = campaign.terms;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h4" style={BREAK_ANYWHERE}>
              {name}
            </Title>
            <Text size="sm" ff={campaign.codes.kind === 'shared' ? 'monospace' : undefined}>
              {codesLabel(campaign.codes)}
            </Text>
          </Stack>
          {lock === null ? <Badge color="gray">No lock</Badge> : <Badge color="grape">Locked: {lock}</Badge>}
        </Group>
        <Text size="sm">{redeemedOf(campaign)}</Text>
        <Text size="sm" c="dimmed">
          {validityOf(campaign.terms)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onOpen} aria-label={`Usage and codes of ${name}`}>
            Usage and codes
          </Button>
          {writable && !editing && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-label={`Edit the terms of ${name}`}>
              Edit terms
            </Button>
          )}
          {writable && (
            <Button size="xs" color="red" variant="subtle" onClick={onDelete} aria-label={`Delete ${name}`}>
              Delete
            </Button>
          )}
        </Group>
        {writable && masterKeys && <MasterKeyPicker campaign={campaign} masterKeys={masterKeys} />}
        {editing && (
          <EditTermsForm
            initial={campaign.terms}
            pending={update.isPending}
            failure={update.error}
            onSubmit={(body) => update.mutate(body)}
            onCancel={() => (update.reset(), setEditing(false))}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The visitor's promo page of this code, to print or share: `/promo/<codeId>`. */
function VisitorLink({ codeId }: { codeId: string }) {
  const link = `${window.location.origin}/promo/${encodeURIComponent(codeId)}`;
  return (
    <Group align="flex-end">
      <TextInput label="Visitors enter their promo codes at" value={link} readOnly w={360} maw="100%" />
      <CopyTextButton value={link} label="Copy the promo link" />
    </Group>
  );
}

/**
 * `/admin/my-codes/promos/{codeId}`: a code's promo campaigns (issue 53), each opened in place
 * (`?campaign=`, kept in the address so a reload or a shared link shows the same campaign).
 */
export function PromoCampaignsScreen() {
  const { codeId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { record } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const code = useQuery({ queryKey: codeKeys.one(codeId), queryFn: () => codesApi.get(codeId), enabled: codeId !== '' });
  const orgId = code.data?.org_id ?? record.org_id;
  const writable = isRole(record.role) && can.write('loyalty', record.role);
  const campaigns = useQuery({ queryKey: promoKeys.campaignsOf(codeId), queryFn: () => promosApi.list(orgId, codeId), enabled: orgId !== '' && codeId !== '' });
  // Keys carry their secrets: only roles that may change promos read them at all.
  const masterKeys = useQuery({ queryKey: promoKeys.masterKeys(orgId), queryFn: () => masterKeysApi.list(orgId), enabled: orgId !== '' && writable });
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (body: CreatePromoCampaignBody) => promosApi.create(body),
    onSuccess: async () => {
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: promoKeys.all });
    },
  });
  const [deleting, setDeleting] = useState<PromoCampaignView | null>(null);
  const remove = useMutation({
    mutationFn: (campaign: PromoCampaignView) => promosApi.remove(campaign.campaign_id),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: promoKeys.all });
    },
  });
  const codeName = code.data?.name ?? codeId;
  const opened = campaigns.data?.find((campaign) => campaign.campaign_id === params.get('campaign'));
  const open = (campaignId: string | null) => setParams(campaignId ? { campaign: campaignId } : {});

  return (
    <Stack>
      <Stack gap={0}>
        <Anchor component={Link} to={`/admin/my-codes/show/${encodeURIComponent(codeId)}`} size="sm" style={{ alignSelf: 'flex-start' }}>
          ← {codeName}
        </Anchor>
        <Title order={1} style={BREAK_ANYWHERE}>
          Promos of {codeName}
        </Title>
      </Stack>
      <Text c="dimmed">
        Promo codes visitors type on this code’s promo page: one code for everybody, or unique codes each used once, valid when and where you say.
      </Text>
      <VisitorLink codeId={codeId} />
      {(code.isError || campaigns.isError) && <Alert color="red">{describeError(code.error ?? campaigns.error)}</Alert>}
      {opened && code.data ? (
        <PromoCampaignDetail campaign={opened} code={code.data} onBack={() => open(null)} />
      ) : (
        <>
          {campaigns.data?.length === 0 && <Text>{writable ? 'No promo campaigns yet. Create the first one below.' : 'No promo campaigns yet.'}</Text>}
          {campaigns.data?.map((campaign) => (
            <CampaignCard
              key={campaign.campaign_id}
              campaign={campaign}
              masterKeys={masterKeys.data}
              writable={writable}
              onOpen={() => open(campaign.campaign_id)}
              onDelete={() => (remove.reset(), setDeleting(campaign))}
            />
          ))}
          {writable && orgId !== '' && (
            <Card withBorder maw={760}>
              <Title order={2} size="h4" mb="sm">
                New promo campaign
              </Title>
              <CreateCampaignForm
                key={formKey}
                orgId={orgId}
                codeId={codeId}
                masterKeys={masterKeys.data ?? []}
                pending={create.isPending}
                failure={create.error}
                onSubmit={(body) => create.mutate(body)}
              />
            </Card>
          )}
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.terms.name ?? 'this campaign'}?`}
        confirmLabel="Delete the campaign"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        Its promo codes stop working for good: a visitor who types one is told the code is unknown. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
