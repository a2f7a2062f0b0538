import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileNameOf, wallEmbedPath, type CreateWallBody, type UpdateWallBody, type WallView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { codeKeys, codesApi, saveFile } from '../codes';
import { isRole, useOrganizationRecord } from '../organization';
import { CreateWallForm, EditWallForm } from './wall-form';
import { WallEmbeds } from './wall-embeds';
import { WallReviewQueue } from './wall-review-queue';
import { wallKeys, wallsApi } from './walls-api';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function useWritable(): { orgId: string; writable: boolean } {
  const { record } = useOrganizationRecord();
  return { orgId: record.org_id, writable: isRole(record.role) && can.write('engagement', record.role) };
}

function WallCard({ wall, codeName }: { wall: WallView; codeName: string }) {
  return (
    <Card withBorder component="li">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Anchor component={Link} to={`/admin/selfie-walls/${wall.wall_id}`} fw={700} size="lg" style={BREAK_ANYWHERE}>
            {wall.title}
          </Anchor>
          <Badge color={wall.layout === 'slideshow' ? 'indigo' : 'teal'}>{wall.layout === 'slideshow' ? 'Slideshow' : 'Grid'}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          On {codeName}
        </Text>
        <Text size="sm">
          {count(wall.pending, 'photo waiting', 'photos waiting')} · {count(wall.approved, 'on the wall', 'on the wall')}
        </Text>
      </Stack>
    </Card>
  );
}

/** `/admin/selfie-walls`: the organisation's selfie walls, and a new one on any of its codes (issue 57). */
export function SelfieWallsScreen() {
  const { orgId, writable } = useWritable();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const walls = useQuery({ queryKey: wallKeys.ofOrg(orgId), queryFn: () => wallsApi.list(orgId), enabled: orgId !== '' });
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  const create = useMutation({
    mutationFn: (body: CreateWallBody) => wallsApi.create(body),
    onSuccess: async (wall) => {
      await queryClient.invalidateQueries({ queryKey: wallKeys.all });
      await navigate(`/admin/selfie-walls/${wall.wall_id}`);
    },
  });
  const names = new Map((codes.data ?? []).map((code) => [code.code_id, code.name]));
  return (
    <Stack>
      <Title order={1}>Selfie walls</Title>
      <Text c="dimmed">Visitors post photos from their phones; you approve them, and the wall on the room’s screen shows them as they arrive.</Text>
      {(walls.isError || codes.isError) && <Alert color="red">{describeError(walls.error ?? codes.error)}</Alert>}
      {walls.data?.items.length === 0 && <Text>{writable ? 'No selfie walls yet. Create the first one below.' : 'No selfie walls yet.'}</Text>}
      {walls.data && walls.data.items.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Selfie walls">
          {walls.data.items.map((wall) => (
            <WallCard key={wall.wall_id} wall={wall} codeName={names.get(wall.code_id) ?? wall.code_id} />
          ))}
        </Stack>
      )}
      {writable && orgId !== '' && (
        <Card withBorder maw={720}>
          <Title order={2} size="h4" mb="sm">
            New selfie wall
          </Title>
          <CreateWallForm orgId={orgId} codes={codes.data ?? []} pending={create.isPending} failure={create.error} onSubmit={(body) => create.mutate(body)} />
        </Card>
      )}
    </Stack>
  );
}

function ExportButton({ wall }: { wall: WallView }) {
  const exported = useMutation({
    mutationFn: () => wallsApi.exportZip(wall.wall_id),
    onSuccess: (zip) => saveFile(zip, `${fileNameOf(wall.title, 'wall-photos')}.zip`),
  });
  return (
    <Stack gap={4}>
      <Button variant="default" onClick={() => exported.mutate()} loading={exported.isPending} style={{ alignSelf: 'flex-start' }}>
        Download the photos (zip)
      </Button>
      {exported.isError && (
        <Text size="sm" c="red">
          {describeError(exported.error)}
        </Text>
      )}
    </Stack>
  );
}

/** `/admin/selfie-walls/{wallId}`: a wall's review queue, its settings, the sites embedding it and its photos' export. */
export function SelfieWallScreen() {
  const { wallId = '' } = useParams();
  const { writable } = useWritable();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wall = useQuery({ queryKey: wallKeys.wall(wallId), queryFn: () => wallsApi.get(wallId), enabled: wallId !== '' });
  const [saved, setSaved] = useState(0);
  const update = useMutation({
    mutationFn: (body: UpdateWallBody) => wallsApi.update(wallId, body),
    onSuccess: async () => (await queryClient.invalidateQueries({ queryKey: wallKeys.all }), setSaved((times) => times + 1)),
  });
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => wallsApi.remove(wallId),
    onSuccess: async () => (await queryClient.invalidateQueries({ queryKey: wallKeys.all }), await navigate('/admin/selfie-walls')),
  });
  const back = (
    <Anchor component={Link} to="/admin/selfie-walls" size="sm" style={{ alignSelf: 'flex-start' }}>
      ← Selfie walls
    </Anchor>
  );
  if (!wall.data)
    return (
      <Stack>
        {back}
        {wall.isError ? <Alert color="red">{describeError(wall.error)}</Alert> : <Text c="dimmed">Loading the wall…</Text>}
      </Stack>
    );
  const shown = wall.data;
  return (
    <Stack>
      <Stack gap={0}>
        {back}
        <Title order={1} style={BREAK_ANYWHERE}>
          {shown.title}
        </Title>
      </Stack>
      <Group gap="sm">
        <Anchor href={shown.wall_url} target="_blank" rel="noopener">
          Open the wall
        </Anchor>
        <Anchor href={wallEmbedPath(shown.wall_id)} target="_blank" rel="noopener">
          Open the embedded wall
        </Anchor>
      </Group>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Review queue
        </Title>
        <WallReviewQueue wall={shown} writable={writable} />
      </Card>
      <Card withBorder maw={720}>
        <Title order={2} size="h4" mb="sm">
          Settings
        </Title>
        {writable ? (
          <Stack gap="xs">
            <EditWallForm key={shown.updated_at} initial={shown} pending={update.isPending} failure={update.error} onSubmit={(body) => update.mutate(body)} />
            {saved > 0 && !update.isPending && (
              <Text size="sm" role="status">
                Settings saved.
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">Only editors change a wall’s settings.</Text>
        )}
      </Card>
      <Card withBorder maw={720}>
        <Title order={2} size="h4" mb="sm">
          Embed on your site
        </Title>
        <WallEmbeds wall={shown} writable={writable} />
      </Card>
      <Group>
        <ExportButton wall={shown} />
        {writable && (
          <Button color="red" variant="subtle" onClick={() => (remove.reset(), setDeleting(true))}>
            Delete the wall
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${shown.title}?`}
        confirmLabel="Delete the wall"
        cancelLabel="Keep it"
        pending={remove.isPending}
        failure={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      >
        The wall and its embeds stop working for good, and its photos are no longer shown. Download them first if you want to keep them.
      </ConfirmDialog>
    </Stack>
  );
}
