import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_EVENT_RADIUS_M, PutEventDataBody, type EventDataView } from '@qr/contracts';
import { useEffect, useState } from 'react';
import { contractFieldErrors } from '../../api/contract-form-errors';
import { describeError } from '../../api/api-problem';
import { experienceKeys, experiencesApi } from './experiences-api';

interface Draft {
  latitude: string;
  longitude: string;
  radius_m: string;
  /** `datetime-local` values: the admin's own clock, turned into instants on save. */
  starts_at: string;
  ends_at: string;
  experience_id: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localInput = (iso: string) => {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const instant = (local: string) => (local === '' || Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString());
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const draftOf = (data: EventDataView | null): Draft =>
  data
    ? {
        latitude: String(data.latitude),
        longitude: String(data.longitude),
        radius_m: String(data.radius_m),
        starts_at: localInput(data.starts_at),
        ends_at: localInput(data.ends_at),
        experience_id: data.experience_id ?? '',
      }
    : { latitude: '', longitude: '', radius_m: '200', starts_at: '', ends_at: '', experience_id: '' };

const bodyOf = (draft: Draft) => ({
  latitude: number(draft.latitude),
  longitude: number(draft.longitude),
  radius_m: number(draft.radius_m),
  starts_at: instant(draft.starts_at),
  ends_at: instant(draft.ends_at),
  experience_id: draft.experience_id === '' ? null : draft.experience_id,
});

/**
 * The page editor's "Event access" tab: where and when visitors must be to open the page (spec §4).
 * No map: the coordinates come from the admin's own device ("Use my current location") or are typed.
 */
export function PageEventDataForm({ pageId, orgId }: { pageId: string; orgId: string }) {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: experienceKeys.pageEventData(pageId), queryFn: () => experiencesApi.eventDataOf(pageId) });
  const experiences = useQuery({ queryKey: experienceKeys.ofOrganization(orgId), queryFn: () => experiencesApi.list(orgId), enabled: orgId !== '' });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [locating, setLocating] = useState<string | null>(null);
  useEffect(() => {
    if (current.data && draft === null) setDraft(draftOf(current.data.event_data));
  }, [current.data, draft]);
  const saved = async () => queryClient.invalidateQueries({ queryKey: experienceKeys.all });
  const save = useMutation({ mutationFn: (body: PutEventDataBody) => experiencesApi.putEventData(pageId, body), onSuccess: saved });
  const clear = useMutation({ mutationFn: () => experiencesApi.clearEventData(pageId), onSuccess: async () => (setDraft(draftOf(null)), await saved()) });

  if (current.isError)
    return (
      <Alert color="red" title="The event details could not be loaded">
        {describeError(current.error)}
      </Alert>
    );
  if (!draft || !current.data) return <Text c="dimmed">Loading the event details…</Text>;

  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  const submit = () => {
    const checked = contractFieldErrors(PutEventDataBody, bodyOf(draft));
    setErrors(checked.errors ?? {});
    if (checked.data) save.mutate(checked.data);
  };
  const useMyLocation = () => {
    if (!navigator.geolocation) return setLocating('Geolocation is not supported by this browser.');
    setLocating('Finding where you are…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setDraft({ ...draft, latitude: coords.latitude.toFixed(6), longitude: coords.longitude.toFixed(6) });
        setLocating(null);
      },
      () => setLocating('Your browser did not share its location. Type the coordinates instead.'),
      { timeout: 10_000 },
    );
  };
  const attached = current.data.event_data !== null;
  return (
    <Stack maw={640}>
      <Text c="dimmed">
        {attached
          ? 'Only visitors who are within the radius during this window can open the page; everyone else sees “Access Unavailable”.'
          : 'Anyone can open this page now. Give it a place and a time window to let in only the people at your event; their browser asks them to share their location.'}
      </Text>
      {save.isError && (
        <Alert color="red" title="Not saved">
          {describeError(save.error)}
        </Alert>
      )}
      {clear.isError && (
        <Alert color="red" title="Not removed">
          {describeError(clear.error)}
        </Alert>
      )}
      {save.isSuccess && !save.isPending && attached && <Alert color="green">Saved. The page checks visitors’ location and time from now on.</Alert>}
      <Group grow align="flex-start">
        <TextInput label="Latitude" placeholder="52.516275" inputMode="decimal" description="-90 to 90" {...field('latitude')} />
        <TextInput label="Longitude" placeholder="13.377704" inputMode="decimal" description="-180 to 180" {...field('longitude')} />
      </Group>
      <Group>
        <Button variant="default" onClick={useMyLocation}>
          Use my current location
        </Button>
        {locating && <Text size="sm">{locating}</Text>}
      </Group>
      <NumberInput
        label="Radius in metres"
        description={`How far from the point still counts as the event, at most ${MAX_EVENT_RADIUS_M.toLocaleString('en')} m.`}
        min={1}
        max={MAX_EVENT_RADIUS_M}
        value={draft.radius_m}
        error={errors['radius_m']}
        onChange={(value) => setDraft({ ...draft, radius_m: String(value) })}
      />
      <Group grow align="flex-start">
        <TextInput type="datetime-local" label="Starts" {...field('starts_at')} />
        <TextInput type="datetime-local" label="Ends" {...field('ends_at')} />
      </Group>
      <NativeSelect
        label="Experience"
        description="The event this page belongs to, if any (set them up under Experiences)."
        data={[{ value: '', label: 'None' }, ...(experiences.data ?? []).map(({ experience_id, name }) => ({ value: experience_id, label: name }))]}
        {...field('experience_id')}
      />
      <Group>
        <Button loading={save.isPending} onClick={submit}>
          Save event access
        </Button>
        {attached && (
          <Button variant="light" color="red" loading={clear.isPending} onClick={() => clear.mutate()}>
            Let everyone in
          </Button>
        )}
      </Group>
    </Stack>
  );
}
