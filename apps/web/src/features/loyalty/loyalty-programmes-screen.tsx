import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProgrammeBody, ProgrammeView, UpdateProgrammeBody } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { codeKeys, codesApi } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { loyaltyApi, loyaltyKeys } from './loyalty-api';
import { LoyaltyProgrammeDetail, PROGRAMME_TABS } from './loyalty-programme-detail';
import { CreateProgrammeForm, EditProgrammeForm } from './loyalty-programme-form';

const count = (n: number) => n.toLocaleString('en');

/** A programme's terms in a line: "A card of 10 stamps · one stamp an hour at most · 3 rewards". */
export function summaryOf(programme: ProgrammeView): string {
  const { terms } = programme;
  const card = terms.kind === 'stamps' ? `A card of ${terms.stamps_required} stamps` : 'Points';
  const earnings = terms.kind === 'stamps' ? 'stamps' : 'scans';
  const interval = terms.min_interval_minutes === 0 ? `no wait between ${earnings}` : `${terms.min_interval_minutes} minutes between two ${earnings}`;
  const rewards = terms.reward_list.length === 1 ? '1 reward' : `${terms.reward_list.length} rewards`;
  const tiers = terms.tiers.length === 0 ? [] : [terms.tiers.length === 1 ? '1 tier' : `${terms.tiers.length} tiers`];
  return [card, interval, rewards, ...tiers, ...(terms.referral ? ['referrals on'] : [])].join(' · ');
}

function ProgrammeCard({ programme, writable, onOpen, onDelete }: { programme: ProgrammeView; writable: boolean; onOpen(): void; onDelete(): void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const update = useMutation({
    mutationFn: (body: UpdateProgrammeBody) => loyaltyApi.update(programme.programme_id, body),
    onSuccess: async () => (await queryClient.invalidateQueries({ queryKey: loyaltyKeys.all }), setEditing(false)),
  });
  const { name } = programme.terms;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4" style={BREAK_ANYWHERE}>
            {name}
          </Title>
          <Badge color={programme.terms.kind === 'stamps' ? 'teal' : 'indigo'}>{programme.terms.kind === 'stamps' ? 'Stamp card' : 'Points'}</Badge>
        </Group>
        <Text size="sm">
          {count(programme.members)} {programme.members === 1 ? 'member' : 'members'}
        </Text>
        <Text size="sm" c="dimmed">
          {summaryOf(programme)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onOpen} aria-label={`Members and counter of ${name}`}>
            Members and counter
          </Button>
          {writable && !editing && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-label={`Edit ${name}`}>
              Edit
            </Button>
          )}
          {writable && (
            <Button size="xs" color="red" variant="subtle" onClick={onDelete} aria-label={`Delete ${name}`}>
              Delete
            </Button>
          )}
        </Group>
        {editing && (
          <EditProgrammeForm
            initial={programme.terms}
            codeId={programme.code_id}
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

/**
 * `/admin/my-codes/loyalty/{codeId}`: a code's loyalty programmes (issue 54), each opened in place
 * (`?programme=`, with `&tab=`, kept in the address so a reload, or the counter's tablet waking up, shows the same screen).
 */
export function LoyaltyProgrammesScreen() {
  const { codeId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { record } = useOrganizationRecord();
  const queryClient = useQueryClient();
  const code = useQuery({ queryKey: codeKeys.one(codeId), queryFn: () => codesApi.get(codeId), enabled: codeId !== '' });
  const orgId = code.data?.org_id ?? record.org_id;
  const writable = isRole(record.role) && can.write('loyalty', record.role);
  const programmes = useQuery({
    queryKey: loyaltyKeys.programmesOf(codeId),
    queryFn: () => loyaltyApi.list(orgId, codeId),
    enabled: orgId !== '' && codeId !== '',
  });
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (body: CreateProgrammeBody) => loyaltyApi.create(body),
    onSuccess: async () => {
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.all });
    },
  });
  const [deleting, setDeleting] = useState<ProgrammeView | null>(null);
  const remove = useMutation({
    mutationFn: (programme: ProgrammeView) => loyaltyApi.remove(programme.programme_id),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.all });
    },
  });
  const codeName = code.data?.name ?? codeId;
  const opened = programmes.data?.find((programme) => programme.programme_id === params.get('programme'));
  const tab = PROGRAMME_TABS.find((known) => known === params.get('tab')) ?? 'members';
  const open = (programmeId: string | null) => setParams(programmeId ? { programme: programmeId } : {});

  return (
    <Stack>
      <Stack gap={0}>
        <Anchor component={Link} to={`/admin/my-codes/show/${encodeURIComponent(codeId)}`} size="sm" style={{ alignSelf: 'flex-start' }}>
          ← {codeName}
        </Anchor>
        <Title order={1} style={BREAK_ANYWHERE}>
          Loyalty of {codeName}
        </Title>
      </Stack>
      <Text c="dimmed">Stamp cards and points for this code’s visitors: they join from the card page, earn at the counter and redeem rewards.</Text>
      {(code.isError || programmes.isError) && <Alert color="red">{describeError(code.error ?? programmes.error)}</Alert>}
      {opened && code.data ? (
        <LoyaltyProgrammeDetail
          programme={opened}
          code={code.data}
          tab={tab}
          onTab={(next) => setParams({ programme: opened.programme_id, tab: next })}
          onBack={() => open(null)}
        />
      ) : (
        <>
          {programmes.data?.length === 0 && <Text>{writable ? 'No loyalty programmes yet. Create the first one below.' : 'No loyalty programmes yet.'}</Text>}
          {programmes.data?.map((programme) => (
            <ProgrammeCard
              key={programme.programme_id}
              programme={programme}
              writable={writable}
              onOpen={() => open(programme.programme_id)}
              onDelete={() => (remove.reset(), setDeleting(programme))}
            />
          ))}
          {writable && orgId !== '' && (
            <Card withBorder maw={860}>
              <Title order={2} size="h4" mb="sm">
                New programme
              </Title>
              <CreateProgrammeForm
                key={formKey}
                orgId={orgId}
                codeId={codeId}
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
        title={`Delete ${deleting?.terms.name ?? 'this programme'}?`}
        confirmLabel="Delete the programme"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        Members’ cards stop working for good: they can no longer earn or redeem, and the card page says the programme is gone. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
