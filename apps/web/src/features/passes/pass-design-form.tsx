import { Button, Checkbox, ColorInput, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_PASS_LOCATIONS, PASS_IMAGE_SIZES, type PassBarcodeFormat, type PassImageRole } from '@qr/contracts';
import type { ReactNode } from 'react';
import type { FormErrors } from '../promos';
import { ACCEPTED_IMAGES, ImageUploadButton } from '../uploads';
import type { DesignDraft, LocationDraft } from './pass-design-draft';
import { PassFieldAreas } from './pass-field-areas';

type Set = (change: Partial<DesignDraft>) => void;

const BARCODE_FORMATS: { value: PassBarcodeFormat; label: string }[] = [
  { value: 'qr', label: 'QR code' },
  { value: 'pdf417', label: 'PDF417' },
  { value: 'aztec', label: 'Aztec' },
  { value: 'code128', label: 'Code 128' },
];

const COLOURS = [
  { name: 'background_color', label: 'Background colour' },
  { name: 'foreground_color', label: 'Text colour' },
  { name: 'label_color', label: 'Label colour' },
] as const;

const IMAGES: { role: PassImageRole; name: 'logo_blob_id' | 'strip_blob_id' | 'icon_blob_id'; what: string }[] = [
  { role: 'logo', name: 'logo_blob_id', what: 'logo' },
  { role: 'strip', name: 'strip_blob_id', what: 'strip image' },
  { role: 'icon', name: 'icon_blob_id', what: 'icon' },
];

function Colours({ draft, errors, set }: { draft: DesignDraft; errors: FormErrors; set: Set }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {COLOURS.map(({ name, label }) => (
        <ColorInput
          key={name}
          label={label}
          format="hex"
          fixOnBlur={false}
          eyeDropperButtonProps={{ 'aria-label': `Pick the ${label.toLowerCase()} from the screen` }}
          value={draft[name]}
          onChange={(colour) => set({ [name]: colour })}
          error={errors[`terms.${name}`]}
        />
      ))}
    </SimpleGrid>
  );
}

function Images({ draft, set }: { draft: DesignDraft; set: Set }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{`${ACCEPTED_IMAGES} Each is resized for the wallets.`}</Text>
      {IMAGES.map(({ role, name, what }) => (
        <Group key={role} gap="sm" wrap="wrap">
          <Text size="sm" w={220}>{`${what[0]!.toUpperCase()}${what.slice(1)}, ${PASS_IMAGE_SIZES[role].width} × ${PASS_IMAGE_SIZES[role].height} px`}</Text>
          <ImageUploadButton
            what={what}
            uploaded={draft[name] !== null}
            onUploaded={(blobId) => set({ [name]: blobId })}
            onRemove={() => set({ [name]: null })}
          />
        </Group>
      ))}
    </Stack>
  );
}

function Locations({ draft, errors, set }: { draft: DesignDraft; errors: FormErrors; set: Set }) {
  const put = (locations: LocationDraft[]) => set({ locations });
  const change = (index: number, changed: Partial<LocationDraft>) => put(draft.locations.map((each, at) => (at === index ? { ...each, ...changed } : each)));
  return (
    <Stack gap="xs">
      <Text size="sm">{`Up to ${MAX_PASS_LOCATIONS} places where the phone shows the pass on its lock screen.`}</Text>
      {draft.locations.map((location, index) => {
        const errorAt = (part: keyof LocationDraft) => errors[`terms.locations.${index}.${part}`];
        return (
          <Fieldset key={index} legend={`Location ${index + 1}`} variant="filled" p="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <NumberInput
                label="Latitude"
                decimalScale={6}
                value={location.latitude}
                onChange={(latitude) => change(index, { latitude })}
                error={errorAt('latitude')}
              />
              <NumberInput
                label="Longitude"
                decimalScale={6}
                value={location.longitude}
                onChange={(longitude) => change(index, { longitude })}
                error={errorAt('longitude')}
              />
            </SimpleGrid>
            <TextInput
              mt="xs"
              label="Lock-screen text"
              value={location.relevant_text}
              onChange={(event) => change(index, { relevant_text: event.currentTarget.value })}
              error={errorAt('relevant_text')}
            />
            <Button
              mt="xs"
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Remove location ${index + 1}`}
              onClick={() => put(draft.locations.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </Fieldset>
        );
      })}
      <Button
        size="xs"
        variant="light"
        disabled={draft.locations.length >= MAX_PASS_LOCATIONS}
        onClick={() => put([...draft.locations, { latitude: '', longitude: '', relevant_text: '' }])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add a location
      </Button>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Everything a design says about its passes, each input showing the contract's message at its own path. */
export function PassDesignForm({ draft, errors, set }: { draft: DesignDraft; errors: FormErrors; set: Set }) {
  const text = (name: 'name' | 'description' | 'logo_text', label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      value={draft[name]}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
      error={errors[`terms.${name}`]}
    />
  );
  return (
    <Stack gap="lg">
      <Section title="Details">
        {text('name', 'Design name')}
        {text('description', 'Description', 'What VoiceOver reads and Google Wallet shows as the pass’s name')}
        {text('logo_text', 'Logo text', 'Beside the logo, at the top of the pass')}
      </Section>
      <Section title="Colours">
        <Colours draft={draft} errors={errors} set={set} />
      </Section>
      <Section title="Images">
        <Images draft={draft} set={set} />
      </Section>
      <PassFieldAreas kind={draft.kind} areas={draft} errors={errors} onChange={set} />
      <Section title="Barcode">
        <Select
          label="Barcode format"
          allowDeselect={false}
          data={BARCODE_FORMATS}
          value={draft.barcode_format}
          onChange={(picked) => set({ barcode_format: BARCODE_FORMATS.find((format) => format.value === picked)?.value ?? 'qr' })}
        />
        <Checkbox
          label="Print the barcode’s text under it, for a till that types it in"
          checked={draft.barcode_alt_text}
          onChange={(event) => set({ barcode_alt_text: event.currentTarget.checked })}
        />
      </Section>
      <Section title="Locations">
        <Locations draft={draft} errors={errors} set={set} />
      </Section>
      <Section title="Dates">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Relevant from"
            description="When the phone shows the pass on its lock screen"
            value={draft.relevant_date}
            onChange={(event) => set({ relevant_date: event.currentTarget.value })}
            error={errors['terms.relevant_date']}
          />
          <TextInput
            type="datetime-local"
            label="Expires"
            description="After this, wallets show the pass as expired"
            value={draft.expiration_date}
            onChange={(event) => set({ expiration_date: event.currentTarget.value })}
            error={errors['terms.expiration_date']}
          />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
