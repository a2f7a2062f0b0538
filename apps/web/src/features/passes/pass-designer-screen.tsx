import { Alert, Anchor, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreatePassDesignBody, UpdatePassDesignBody, type PassDesignView } from '@qr/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { checked, serverErrors, type FormErrors } from '../promos';
import { DesignPasses } from './design-passes';
import { designsApi, passKeys } from './passes-api';
import { bodyOf, draftOf, emptyDraft, withKind, type DesignDraft } from './pass-design-draft';
import { PassDesignForm } from './pass-design-form';
import { PassPreview } from './pass-preview';
import { PassSourcePicker } from './pass-source-picker';
import { KIND_LABELS, SOURCE_LABELS } from './pass-words';
import { usePassesRecord } from './use-passes-record';

const SOURCE_PATHS = ['source.programme_id', 'source.campaign_id', 'source.page_id', 'source'];

/** The form beside its live preview (stacked on a phone), and the save that checks it with the API's own contract first. */
function Designer({ orgId, writable, design }: { orgId: string; writable: boolean; design: PassDesignView | null }) {
  const [draft, setDraft] = useState<DesignDraft>(() => (design ? draftOf(design) : emptyDraft('loyalty_card')));
  const set = (change: Partial<DesignDraft>) => setDraft((current) => ({ ...current, ...change }));
  const [errors, setErrors] = useState<FormErrors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: (send: () => Promise<PassDesignView>) => send(),
    onSuccess: (saved) => {
      queryClient.setQueryData<PassDesignView[]>(passKeys.designs(orgId), (list) =>
        list ? [saved, ...list.filter((each) => each.design_id !== saved.design_id)] : undefined,
      );
      if (!design) void navigate(`/admin/passes/${saved.design_id}`, { replace: true });
    },
  });
  const submit = () => {
    if (design) {
      const result = checked(UpdatePassDesignBody, bodyOf(draft));
      setErrors(result.errors ?? {});
      if (result.data) save.mutate(() => designsApi.update(design.design_id, result.data));
      return;
    }
    const result = checked(CreatePassDesignBody, { org_id: orgId, ...bodyOf(draft) });
    setErrors(result.errors ?? {});
    if (result.data) save.mutate(() => designsApi.create(result.data));
  };
  const shown = { ...serverErrors(save.error), ...errors };
  const sourceError = SOURCE_PATHS.map((path) => shown[path]).find(Boolean);
  const invalid = Object.keys(errors).length > 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Stack gap="lg">
        {design ? (
          <Text>{`${KIND_LABELS[design.source.kind]} for the ${SOURCE_LABELS[design.source.kind].toLowerCase()} ${design.source_name}`}</Text>
        ) : (
          <PassSourcePicker
            orgId={orgId}
            kind={draft.kind}
            sourceId={draft.source_id}
            error={sourceError}
            onKind={(kind) => setDraft((current) => withKind(current, kind))}
            onSource={(source_id) => set({ source_id })}
          />
        )}
        <PassDesignForm draft={draft} errors={shown} set={set} />
        {invalid && (
          <Alert color="red" role="alert">
            Some fields need a change before the design can be saved: their messages are next to them.
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert" title="Not saved">
            {describeError(save.error)}
          </Alert>
        )}
        {save.isSuccess && !invalid && <Text role="status">The design is saved. Passes made from it show the change.</Text>}
        {writable && (
          <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {design ? 'Save the design' : 'Create the design'}
          </Button>
        )}
      </Stack>
      <Box style={{ position: 'sticky', top: 80, alignSelf: 'start' }}>
        <PassPreview draft={draft} orgId={orgId} />
      </Box>
    </SimpleGrid>
  );
}

/** Deleting a design: its passes stay in the wallets that hold them, so the dialog says so before. */
function DeleteDesign({ orgId, design }: { orgId: string; design: PassDesignView }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => designsApi.remove(design.design_id),
    onSuccess: () => {
      queryClient.setQueryData<PassDesignView[]>(passKeys.designs(orgId), (list) => list?.filter((each) => each.design_id !== design.design_id));
      void navigate('/admin/passes', { replace: true });
    },
  });
  return (
    <>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        Delete the design
      </Button>
      <ConfirmDialog
        opened={asking}
        title={`Delete ${design.terms.name}?`}
        confirmLabel="Delete the design"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => setAsking(false)}
      >
        {`No new pass can be made from it. The ${design.passes.toLocaleString('en')} passes already in wallets stay there.`}
      </ConfirmDialog>
    </>
  );
}

/** `/admin/passes/new` and `/admin/passes/{designId}`: the designer, and under a saved design the passes made from it. */
export function PassDesignerScreen() {
  const { designId } = useParams();
  const { orgId, writable } = usePassesRecord();
  const designs = useQuery({ queryKey: passKeys.designs(orgId), queryFn: () => designsApi.list(orgId), enabled: orgId !== '' && designId !== undefined });
  const design = designId === undefined ? null : designs.data?.find((each) => each.design_id === designId);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{design ? design.terms.name : 'New pass design'}</Title>
        <Group gap="sm">
          <Anchor component={Link} to="/admin/passes">
            All pass designs
          </Anchor>
          {design && writable && <DeleteDesign orgId={orgId} design={design} />}
        </Group>
      </Group>
      {designs.isError && <Alert color="red">{describeError(designs.error)}</Alert>}
      {designId !== undefined && designs.isPending && <Skeleton height={320} />}
      {designs.data && design === undefined && <Alert color="yellow">This design no longer exists.</Alert>}
      {design !== undefined && <Designer key={design?.design_id ?? 'new'} orgId={orgId} writable={writable} design={design} />}
      {design && <DesignPasses orgId={orgId} design={design} writable={writable} />}
    </Stack>
  );
}
