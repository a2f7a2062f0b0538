import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { PASS_FIELD_AREAS, PASS_FIELD_LIMITS, PASS_TEMPLATE_FIELDS, type PassField, type PassFieldArea, type PassKind } from '@qr/contracts';
import type { FormErrors } from '../promos';
import type { FieldAreas } from './pass-design-draft';

const AREA_NAMES: Record<PassFieldArea, { plural: string; one: string; add: string }> = {
  header_fields: { plural: 'Header fields', one: 'Header field', add: 'Add a header field' },
  primary_fields: { plural: 'Primary field', one: 'Primary field', add: 'Add a primary field' },
  secondary_fields: { plural: 'Secondary fields', one: 'Secondary field', add: 'Add a secondary field' },
  auxiliary_fields: { plural: 'Auxiliary fields', one: 'Auxiliary field', add: 'Add an auxiliary field' },
  back_fields: { plural: 'Back fields', one: 'Back field', add: 'Add a back field' },
};

/** A new field's key: the first `<area>_<n>` not taken, since a key is used once across the whole pass. */
function freshKey(areas: FieldAreas, area: PassFieldArea): string {
  const taken = new Set(PASS_FIELD_AREAS.flatMap((each) => areas[each].map((field) => field.key)));
  const stem = area.replace('_fields', '');
  let n = areas[area].length + 1;
  while (taken.has(`${stem}_${n}`)) n++;
  return `${stem}_${n}`;
}

function FieldInputs({
  name,
  field,
  back,
  errorAt,
  onChange,
  onRemove,
}: {
  name: string;
  field: PassField;
  back: boolean;
  errorAt(part: keyof PassField): string | undefined;
  onChange(field: PassField): void;
  onRemove(): void;
}) {
  const ValueInput = back ? Textarea : TextInput;
  return (
    <Fieldset legend={name} variant="filled" p="xs">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput label="Key" value={field.key} onChange={(event) => onChange({ ...field, key: event.currentTarget.value })} error={errorAt('key')} />
          <TextInput
            label="Label"
            value={field.label}
            onChange={(event) => onChange({ ...field, label: event.currentTarget.value })}
            error={errorAt('label')}
          />
        </SimpleGrid>
        <ValueInput label="Value" value={field.value} onChange={(event) => onChange({ ...field, value: event.currentTarget.value })} error={errorAt('value')} />
        <Button size="xs" variant="subtle" color="red" onClick={onRemove} style={{ alignSelf: 'flex-start' }} aria-label={`Remove ${name.toLowerCase()}`}>
          Remove
        </Button>
      </Stack>
    </Fieldset>
  );
}

/**
 * Every part of the pass's front and its back, each up to the number a wallet shows
 * (PASS_FIELD_LIMITS), with the `{{fields}}` this kind of pass fills in listed once above them.
 */
export function PassFieldAreas({
  kind,
  areas,
  errors,
  onChange,
}: {
  kind: PassKind;
  areas: FieldAreas;
  errors: FormErrors;
  onChange(change: Partial<FieldAreas>): void;
}) {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Fields
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {`A label or a value may name ${PASS_TEMPLATE_FIELDS[kind].map((field) => `{{${field}}}`).join(', ')}: each pass fills them in.`}
      </Text>
      {PASS_FIELD_AREAS.map((area) => {
        const fields = areas[area];
        const limit = PASS_FIELD_LIMITS[area];
        const names = AREA_NAMES[area];
        const put = (next: PassField[]) => onChange({ [area]: next });
        const areaError = errors[`terms.${area}`];
        return (
          <Stack key={area} gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={3} size="h5">
                {names.plural}
              </Title>
              <Text size="xs" c="dimmed">{`${fields.length} of at most ${limit}`}</Text>
            </Group>
            {fields.map((field, index) => (
              <FieldInputs
                key={index}
                name={`${names.one} ${index + 1}`}
                field={field}
                back={area === 'back_fields'}
                errorAt={(part) => errors[`terms.${area}.${index}.${part}`]}
                onChange={(changed) => put(fields.map((each, at) => (at === index ? changed : each)))}
                onRemove={() => put(fields.filter((_, at) => at !== index))}
              />
            ))}
            {areaError && (
              <Text size="sm" c="red">
                {areaError}
              </Text>
            )}
            <Button
              size="xs"
              variant="light"
              disabled={fields.length >= limit}
              onClick={() => put([...fields, { key: freshKey(areas, area), label: '', value: '' }])}
              style={{ alignSelf: 'flex-start' }}
            >
              {names.add}
            </Button>
          </Stack>
        );
      })}
    </Stack>
  );
}
