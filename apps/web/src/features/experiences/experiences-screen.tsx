import { Alert, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UpdateExperienceBody, type ExperienceView } from '@qr/contracts';
import { useState } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { useOrganizationRecord } from '../organization';
import { experienceKeys, experiencesApi } from './experiences-api';
import { counted } from '../../components/counted';

type Draft = { name: string; description: string; starts_on: string; ends_on: string };
const emptyDraft: Draft = { name: '', description: '', starts_on: '', ends_on: '' };

/** One form for a new experience and for changing one; checked with the API's own contract before it is sent. */
function ExperienceForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  pending: boolean;
  onSubmit(draft: Draft): void;
  onCancel?(): void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  const submit = () => {
    const checked = contractFieldErrors(UpdateExperienceBody, draft);
    setErrors(checked.errors ?? {});
    if (checked.data) onSubmit(draft);
  };
  return (
    <Stack gap="sm">
      <TextInput label="Name" placeholder="DevConf 2026" {...field('name')} />
      <Textarea label="Description" autosize minRows={2} {...field('description')} />
      <Group grow>
        <TextInput type="date" label="First day" min="1900-01-01" max="2099-12-31" {...field('starts_on')} />
        <TextInput type="date" label="Last day" min="1900-01-01" max="2099-12-31" {...field('ends_on')} />
      </Group>
      <Group>
        <Button loading={pending} onClick={submit}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ExperienceRow({ experience }: { experience: ExperienceView }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: experienceKeys.all });
  const update = useMutation({
    mutationFn: (draft: Draft) => experiencesApi.update(experience.experience_id, draft),
    onSuccess: async () => (await refresh(), setEditing(false)),
  });
  const remove = useMutation({ mutationFn: () => experiencesApi.remove(experience.experience_id), onSuccess: refresh });
  const failure = update.error ?? remove.error;
  return (
    <Table.Tr>
      <Table.Td colSpan={editing ? 4 : 1}>
        {editing ? (
          <ExperienceForm
            initial={experience}
            submitLabel="Save"
            pending={update.isPending}
            onSubmit={(draft) => update.mutate(draft)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Stack gap={2}>
            <Text fw={600}>{experience.name}</Text>
            {experience.description && (
              <Text size="sm" c="dimmed">
                {experience.description}
              </Text>
            )}
          </Stack>
        )}
        {failure && <Text c="red">{describeError(failure)}</Text>}
      </Table.Td>
      {!editing && (
        <>
          <Table.Td>{experience.starts_on === experience.ends_on ? experience.starts_on : `${experience.starts_on} – ${experience.ends_on}`}</Table.Td>
          <Table.Td>{counted(experience.page_count, 'page')}</Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-label={`Edit ${experience.name}`}>
                Edit
              </Button>
              <Button size="xs" color="red" variant="light" loading={remove.isPending} onClick={() => remove.mutate()} aria-label={`Delete ${experience.name}`}>
                Delete
              </Button>
            </Group>
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}

/** `/admin/experiences`: the organization's events (a conference, a festival), which its pages join through their event data. */
export function ExperiencesScreen() {
  const { record } = useOrganizationRecord();
  const orgId = record.org_id;
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const experiences = useQuery({ queryKey: experienceKeys.ofOrganization(orgId), queryFn: () => experiencesApi.list(orgId), enabled: orgId !== '' });
  const create = useMutation({
    mutationFn: (draft: Draft) => experiencesApi.create({ org_id: orgId, ...draft }),
    onSuccess: async () => {
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: experienceKeys.all });
    },
  });
  if (orgId === '') return <Text>Select or create an organisation first.</Text>;
  return (
    <Stack>
      <Title order={1}>Experiences</Title>
      <Text c="dimmed">
        An experience is an event your organisation runs, such as a conference or a festival. Pages join one from their editor’s “Event access” tab, where you
        also set where and when visitors must be to open them.
      </Text>
      {(experiences.isError || create.isError) && (
        <Alert color="red" title="Something went wrong">
          {describeError(experiences.error ?? create.error)}
        </Alert>
      )}
      {experiences.data?.length === 0 && <Text>No experiences yet. Name your first one below, with its first and last day.</Text>}
      {experiences.data && experiences.data.length > 0 && (
        <Table.ScrollContainer minWidth={600} type="native">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Experience</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Pages</Table.Th>
                {/* Relative, so the hidden text stays inside the scrolling table instead of widening a phone's page. */}
                <Table.Th pos="relative">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {experiences.data.map((experience) => (
                <ExperienceRow key={experience.experience_id} experience={experience} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Card withBorder maw={640}>
        <Title order={2} size="h4" mb="sm">
          New experience
        </Title>
        <ExperienceForm
          key={formKey}
          initial={emptyDraft}
          submitLabel="Create experience"
          pending={create.isPending}
          onSubmit={(draft) => create.mutate(draft)}
        />
      </Card>
    </Stack>
  );
}
