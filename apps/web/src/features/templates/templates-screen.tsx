import { Alert, Badge, Box, Button, Card, Center, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE_TYPE_LABELS, type TemplateView } from '@qr/contracts';
import { can } from '@qr/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { codeKeys, svgSource } from '../codes';
import { describeError } from '../../api/api-problem';
import { isRole, useOrganizationRecord } from '../organization';
import { templateKeys, templatesApi } from './templates-api';

function TemplatePreview({ template, orgId }: { template: TemplateView; orgId: string }) {
  // Gallery designs never change; an organization's template is never edited, only replaced.
  const preview = useQuery({ queryKey: templateKeys.preview(template.template_id), queryFn: () => templatesApi.preview(template, orgId), staleTime: Infinity });
  return (
    <Center h={200} style={{ background: `linear-gradient(160deg, ${template.design.background}, var(--mantine-color-gray-1))` }}>
      {preview.data ? (
        <Image src={svgSource(preview.data.svg)} alt={`QR code design of ${template.name}`} h={170} w="auto" fit="contain" />
      ) : (
        <Skeleton w={150} h={150} />
      )}
    </Center>
  );
}

function TemplateCard({
  template,
  orgId,
  writable,
  onUse,
  onDelete,
}: {
  template: TemplateView;
  orgId: string;
  writable: boolean;
  onUse: () => void;
  onDelete?: () => void;
}) {
  return (
    <Card withBorder radius="md" shadow="sm" padding="md" component="article" aria-label={template.name}>
      <Card.Section>
        <TemplatePreview template={template} orgId={orgId} />
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Text fw={600} size="lg">
          {template.name}
        </Text>
        <Group gap={6}>
          <Badge variant="light">{CODE_TYPE_LABELS[template.content.type]}</Badge>
          {template.page && template.content.type !== 'page' && (
            <Badge variant="light" color="grape">
              With landing page
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {template.description || 'Saved from one of your codes.'}
        </Text>
      </Stack>
      {writable && (
        <Group mt="md" gap="xs" wrap="nowrap">
          <Button onClick={onUse} aria-label={`Use this template: ${template.name}`} style={{ flex: 1 }}>
            Use this template
          </Button>
          {onDelete && (
            <Button variant="subtle" color="red" onClick={onDelete} aria-label={`Delete the ${template.name} template`}>
              Delete
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

/** "Use this template": names the new code, creates it with the template's page, then shows it ready to download. */
function UseTemplateDialog({ template, orgId, onClose }: { template: TemplateView | null; orgId: string; onClose: () => void }) {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const use = useMutation({
    mutationFn: (chosen: TemplateView) => templatesApi.use(chosen.template_id, { org_id: orgId, ...(name.trim() ? { name: name.trim() } : {}) }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      navigate(`/admin/create-qr-success?code=${created.code_id}`);
    },
  });
  return (
    <Modal opened={template !== null} onClose={onClose} title={`Use “${template?.name ?? ''}”`}>
      <Stack>
        <Text size="sm">
          A new QR code starts with this template’s design and content{template?.page ? ', and its landing page' : ''}. You can change everything afterwards.
        </Text>
        <TextInput label="Name of the new code" placeholder={template?.name} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        {use.isError && <Alert color="red">{describeError(use.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={use.isPending} onClick={() => template && use.mutate(template)}>
            Create code
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `/admin/templates`: the built-in gallery, then the organization's own templates. */
export default function TemplatesScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const queryClient = useQueryClient();
  const [using, setUsing] = useState<TemplateView | null>(null);
  const templates = useQuery({ queryKey: templateKeys.list(orgId), queryFn: () => templatesApi.list(orgId), enabled: orgId !== '' });
  const remove = useMutation({
    mutationFn: (template: TemplateView) => templatesApi.remove(template.template_id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.list(orgId) }),
  });
  if (orgId === '') return <Text c="dimmed">Select or create an organisation first.</Text>;
  const writable = isRole(record.role) && can.write('codes', record.role);
  const gallery = templates.data?.filter((template) => template.source === 'gallery') ?? [];
  const own = templates.data?.filter((template) => template.source === 'organization') ?? [];
  const grid = (items: TemplateView[], deletable: boolean) => (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
      {items.map((template) => (
        <TemplateCard
          key={template.template_id}
          template={template}
          orgId={orgId}
          writable={writable}
          onUse={() => setUsing(template)}
          onDelete={deletable ? () => remove.mutate(template) : undefined}
        />
      ))}
    </SimpleGrid>
  );
  return (
    <Stack gap="xl">
      <Box>
        <Title order={1}>Templates</Title>
        <Text c="dimmed" maw={720}>
          Start a code from a ready-made design, with its landing page where it has one. Everything stays editable, and printed codes keep working when you
          change them.
        </Text>
      </Box>
      {templates.isError && (
        <Alert color="red" title="The templates could not be loaded">
          {describeError(templates.error)}
        </Alert>
      )}
      {remove.isError && <Alert color="red">{describeError(remove.error)}</Alert>}
      <Stack gap="sm">
        <Title order={2}>Gallery</Title>
        {templates.isPending ? <Skeleton h={320} /> : grid(gallery, false)}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Your templates</Title>
        {templates.data && own.length === 0 && (
          <Text c="dimmed">
            No templates of your own yet. Open a code under My codes, choose Copy, then “Save as template”: its design, content and landing page are kept here
            for your next code.
          </Text>
        )}
        {own.length > 0 && grid(own, writable)}
      </Stack>
      <UseTemplateDialog key={using?.template_id ?? 'none'} template={using} orgId={orgId} onClose={() => setUsing(null)} />
    </Stack>
  );
}
