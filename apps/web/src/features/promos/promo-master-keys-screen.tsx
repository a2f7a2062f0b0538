import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatePromoMasterKeyBody, RotatePromoMasterKeyBody, UpdatePromoMasterKeyBody, type PromoMasterKeyView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyTextButton } from '../../components/copy-text-button';
import { counted } from '../../components/counted';
import { isRole, useOrganizationRecord } from '../organization';
import { masterKeysApi, promoKeys } from './promos-api';

/** A secret shown once it is asked for: the counter types it, so staff copy it from here. */
function Secret({ keyView, label }: { keyView: PromoMasterKeyView; label: string }) {
  return (
    <Group align="flex-end" gap="xs">
      <TextInput label={label} value={keyView.secret} readOnly ff="monospace" w={280} maw="100%" />
      <CopyTextButton value={keyView.secret} label="Copy the key" variant="default" />
    </Group>
  );
}

function CreateKeyForm({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: masterKeysApi.create,
    onSuccess: async () => {
      setName('');
      setSecret('');
      await queryClient.invalidateQueries({ queryKey: promoKeys.all });
    },
  });
  const submit = () => {
    const checked = contractFieldErrors(CreatePromoMasterKeyBody, { org_id: orgId, name, ...(secret.trim() !== '' && { secret }) });
    setErrors(checked.errors ?? {});
    if (checked.data) create.mutate(checked.data);
  };
  return (
    <Stack gap="sm">
      <TextInput label="Key name" placeholder="Front counter" value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors['name']} />
      <TextInput
        label="Secret"
        description="What staff type at the counter, 6 to 64 characters. Leave empty and one is drawn for you."
        value={secret}
        onChange={(event) => setSecret(event.currentTarget.value)}
        error={errors['secret']}
        autoComplete="off"
      />
      {create.isError && <Alert color="red">{describeError(create.error)}</Alert>}
      {create.data && (
        <Alert color="teal" title={`${create.data.name} is ready`}>
          <Secret keyView={create.data} label="Its secret" />
        </Alert>
      )}
      <Group>
        <Button loading={create.isPending} onClick={submit}>
          Create master key
        </Button>
      </Group>
    </Stack>
  );
}

/** A rotation replaces the secret; codes, flyers and pages stay as printed. */
function RotateDialog({ keyView, onClose }: { keyView: PromoMasterKeyView | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: (body: RotatePromoMasterKeyBody) => masterKeysApi.rotate(keyView?.key_id ?? '', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
  const close = () => (setSecret(''), setError(null), rotate.reset(), onClose());
  const submit = () => {
    const checked = contractFieldErrors(RotatePromoMasterKeyBody, secret.trim() === '' ? {} : { secret });
    setError(checked.errors?.['secret'] ?? null);
    if (checked.data) rotate.mutate(checked.data);
  };
  return (
    <Modal opened={keyView !== null} onClose={close} title={`Rotate ${keyView?.name ?? 'the key'}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Nothing printed changes: the promo codes and pages stay as they are. From now on staff type the new secret, and the old one stops working.</Text>
        {rotate.data ? (
          <>
            <Secret keyView={rotate.data} label="The new secret" />
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </>
        ) : (
          <>
            <TextInput
              label="New secret"
              description="Leave empty and one is drawn for you."
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              error={error}
              autoComplete="off"
            />
            {rotate.isError && <Alert color="red">{describeError(rotate.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button loading={rotate.isPending} onClick={submit}>
                Rotate the key
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

function RenameForm({ keyView, onDone }: { keyView: PromoMasterKeyView; onDone(): void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(keyView.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (body: UpdatePromoMasterKeyBody) => masterKeysApi.rename(keyView.key_id, body),
    onSuccess: async () => (await queryClient.invalidateQueries({ queryKey: promoKeys.all }), onDone()),
  });
  const submit = () => {
    const checked = contractFieldErrors(UpdatePromoMasterKeyBody, { name });
    setError(checked.errors?.['name'] ?? null);
    if (checked.data) rename.mutate(checked.data);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput label={`New name for ${keyView.name}`} value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} />
        <Button loading={rename.isPending} onClick={submit}>
          Save name
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
      {rename.isError && <Alert color="red">{describeError(rename.error)}</Alert>}
    </Stack>
  );
}

function KeyCard({ keyView, onRotate, onDelete }: { keyView: PromoMasterKeyView; onRotate(): void; onDelete(): void }) {
  const [revealed, setRevealed] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const { name } = keyView;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4" style={BREAK_ANYWHERE}>
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          Version {keyView.version} · locks {counted(keyView.campaign_count, 'campaign')}
          {keyView.rotated_at && ` · rotated ${new Date(keyView.rotated_at).toLocaleString()}`}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setRevealed(!revealed)} aria-label={`${revealed ? 'Hide' : 'Reveal'} the secret of ${name}`}>
            {revealed ? 'Hide the secret' : 'Reveal the secret'}
          </Button>
          <Button size="xs" variant="default" onClick={() => setRenaming(true)} aria-label={`Rename ${name}`}>
            Rename
          </Button>
          <Button size="xs" variant="default" onClick={onRotate} aria-label={`Rotate ${name}`}>
            Rotate
          </Button>
          <Button size="xs" color="red" variant="subtle" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </Group>
        {revealed && <Secret keyView={keyView} label={`Secret of ${name}`} />}
        {renaming && <RenameForm keyView={keyView} onDone={() => setRenaming(false)} />}
      </Stack>
    </Card>
  );
}

/** `/admin/promo-keys`: the organisation's master promo keys (promo locks), which staff type at the counter to redeem a locked code. */
export function PromoMasterKeysScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const queryClient = useQueryClient();
  // Keys carry their secrets: the API shows them only to roles that may change promos.
  const allowed = isRole(record.role) && can.write('loyalty', record.role);
  const keys = useQuery({ queryKey: promoKeys.masterKeys(orgId), queryFn: () => masterKeysApi.list(orgId), enabled: orgId !== '' && allowed });
  const [rotating, setRotating] = useState<PromoMasterKeyView | null>(null);
  const [deleting, setDeleting] = useState<PromoMasterKeyView | null>(null);
  const remove = useMutation({
    mutationFn: (keyView: PromoMasterKeyView) => masterKeysApi.remove(keyView.key_id),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: promoKeys.all });
    },
  });
  if (orgId === '') return <Text>Select or create an organisation first.</Text>;
  return (
    <Stack>
      <Title order={1}>Master keys</Title>
      <Text c="dimmed">
        A master key locks promo codes: a visitor whose code needs it shows their phone at the counter, and staff type the key to redeem it. Set a key on a
        campaign from its code’s promos.
      </Text>
      {!allowed && <Text>Only owners, admins and editors see and change master keys.</Text>}
      {keys.isError && <Alert color="red">{describeError(keys.error)}</Alert>}
      {keys.data?.length === 0 && <Text>No master keys yet. Create the first one below.</Text>}
      {keys.data?.map((keyView) => (
        <KeyCard key={keyView.key_id} keyView={keyView} onRotate={() => setRotating(keyView)} onDelete={() => (remove.reset(), setDeleting(keyView))} />
      ))}
      {allowed && (
        <Card withBorder maw={640}>
          <Title order={2} size="h4" mb="sm">
            New master key
          </Title>
          <CreateKeyForm orgId={orgId} />
        </Card>
      )}
      <RotateDialog keyView={rotating} onClose={() => setRotating(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this key'}?`}
        confirmLabel="Delete the key"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        Staff can no longer unlock codes with it. A key that still locks campaigns cannot be deleted: set those campaigns to another key, or none, first.
      </ConfirmDialog>
    </Stack>
  );
}
