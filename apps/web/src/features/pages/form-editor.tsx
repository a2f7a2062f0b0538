import { ActionIcon, Box, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ADDRESS_INPUTS, FORM_INPUT_TYPES, type FormInput } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { RemoveIcon } from './editor-icons';
import { labelOf } from './registration-form-view';
import { movedItem, SortableList, useListKeys } from './sortable-list';

/** Each kind of answer in a marketer's words; `page` is not a question but where a new step starts. */
const KIND_NAMES: Record<Exclude<FormInput['input_type'], 'page'>, string> = {
  text: 'Short text',
  email: 'Email address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
  select: 'Choice from a list',
  checkbox: 'Tick box',
  consent: 'Consent to tick',
};
const KIND_CHOICES = FORM_INPUT_TYPES.filter((type) => type !== 'page').map((type) => ({ value: type, label: KIND_NAMES[type] }));

const NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** The label a visitor sees were the display name left empty: the one derived from the key. */
const derivedLabel = (input: FormInput) => labelOf({ ...input, input_display_name: '' });

/** What only integrations and exports care about, folded away: the key an answer is stored under. */
function Advanced({ input, takenNames, onChange }: { input: FormInput; takenNames: readonly string[]; onChange(input: FormInput): void }) {
  const error = !NAME_PATTERN.test(input.name)
    ? 'Use lower-case letters, digits and _, starting with a letter.'
    : takenNames.includes(input.name)
      ? 'Another question already uses this name.'
      : undefined;
  return (
    <Box component="details" open={error !== undefined || undefined}>
      <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
        Advanced
      </Text>
      <TextInput
        mt="xs"
        label="Name in exports and integrations"
        description="Submissions, CSV exports and connected tools keep the answer under this name. Changing it starts a new column."
        value={input.name}
        error={error}
        onChange={(e) => onChange({ ...input, name: e.currentTarget.value })}
      />
    </Box>
  );
}

function QuestionFields({ input, takenNames, onChange }: { input: FormInput; takenNames: readonly string[]; onChange(input: FormInput): void }) {
  return (
    <Stack gap="xs">
      <TextInput
        label="Label visitors see"
        placeholder={derivedLabel(input)}
        description={input.input_display_name === '' ? `Left empty, visitors see “${derivedLabel(input)}”.` : undefined}
        value={input.input_display_name}
        onChange={(e) => onChange({ ...input, input_display_name: e.currentTarget.value })}
      />
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <NativeSelect
          label="Kind of answer"
          data={KIND_CHOICES}
          value={input.input_type}
          style={{ minWidth: '12rem' }}
          onChange={(e) => onChange({ ...input, input_type: e.currentTarget.value as FormInput['input_type'] })}
        />
        <TextInput
          label="Example shown in the empty box"
          style={{ minWidth: '12rem' }}
          value={input.placeholder_text}
          onChange={(e) => onChange({ ...input, placeholder_text: e.currentTarget.value })}
        />
      </Group>
      {input.input_type === 'select' && (
        <TextInput
          label="Choices, separated by commas"
          value={(input.options ?? []).join(', ')}
          onChange={(e) =>
            onChange({
              ...input,
              options: e.currentTarget.value
                .split(',')
                .map((choice) => choice.trim())
                .filter(Boolean),
            })
          }
        />
      )}
      <Checkbox label="Visitors must answer" checked={input.required} onChange={(e) => onChange({ ...input, required: e.currentTarget.checked })} />
      <Advanced input={input} takenNames={takenNames} onChange={onChange} />
    </Stack>
  );
}

/** One item of the form: a question, or the start of a step. Only the first step's start is fixed in place. */
function FormItem({ input, step, handle, onRemove, children }: { input: FormInput; step: number; handle: ReactNode; onRemove?(): void; children: ReactNode }) {
  const isStep = input.input_type === 'page';
  const title = isStep ? `Step ${step} starts here` : labelOf(input);
  const summary = isStep
    ? step === 1
      ? 'Visitors see the questions below first.'
      : 'The questions below come on a new screen, after visitors press Next.'
    : `${KIND_NAMES[input.input_type as Exclude<FormInput['input_type'], 'page'>]}${input.required ? ', must be answered' : ', optional'}`;
  return (
    <Paper withBorder p="sm" bg={isStep ? 'var(--mantine-color-default-hover)' : undefined}>
      <Group justify="space-between" wrap="nowrap" mb={isStep ? 0 : 'xs'} gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {handle}
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          </div>
        </Group>
        {onRemove && (
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${isStep ? `step ${step}` : labelOf(input)}`} onClick={onRemove}>
            <RemoveIcon />
          </ActionIcon>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * The registration form's questions and steps, each shown by the label visitors will see, reordered
 * by dragging. The first step's start stays first: the form always begins with it (spec §3).
 */
export function FormEditor({ form, onChange }: { form: FormInput[]; onChange(form: FormInput[]): void }) {
  const keys = useListKeys(form.length);
  const [nextNumber, setNextNumber] = useState(1);
  const freshName = (stem: string) => {
    let n = nextNumber;
    while (form.some((input) => input.name === `${stem}${n}`)) n++;
    setNextNumber(n + 1);
    return `${stem}${n}`;
  };
  const add = (...inputs: FormInput[]) => {
    onChange([...form, ...inputs]);
    keys.added(inputs.length);
  };
  const stepOf = (index: number) => form.slice(0, index + 1).filter((input) => input.input_type === 'page').length;
  const change = (index: number, changed: FormInput) => onChange(form.map((item, i) => (i === index ? changed : item)));
  const takenNames = (index: number) => form.filter((_, i) => i !== index).map((input) => input.name);
  const itemLabel = (input: FormInput, index: number) => (input.input_type === 'page' ? `step ${stepOf(index)}` : labelOf(input));
  const [first, ...rest] = form;

  return (
    <Stack gap="sm">
      {first && (
        <FormItem input={first} step={1} handle={null}>
          {null}
        </FormItem>
      )}
      <SortableList
        keys={keys.keys.slice(1)}
        label={(index) => itemLabel(rest[index]!, index + 1)}
        onMove={(from, to) => {
          onChange([first!, ...movedItem(rest, from, to)]);
          keys.moved(from + 1, to + 1);
        }}
      >
        {(index, handle) => {
          const input = rest[index]!;
          const at = index + 1;
          return (
            <Box pb="sm">
              <FormItem
                input={input}
                step={stepOf(at)}
                handle={handle}
                onRemove={() => {
                  onChange(form.filter((_, i) => i !== at));
                  keys.removed(at);
                }}
              >
                {input.input_type !== 'page' && <QuestionFields input={input} takenNames={takenNames(at)} onChange={(changed) => change(at, changed)} />}
              </FormItem>
            </Box>
          );
        }}
      </SortableList>
      <Group gap="xs">
        <Button
          onClick={() => add({ name: freshName('question'), input_display_name: 'New question', placeholder_text: '', required: false, input_type: 'text' })}
        >
          Add question
        </Button>
        <Button variant="default" disabled={form.some((input) => input.name === 'address1')} onClick={() => add(...ADDRESS_INPUTS)}>
          Add address questions
        </Button>
        <Button
          variant="default"
          onClick={() =>
            add({
              name: freshName('page'),
              input_display_name: `Page${form.filter((i) => i.input_type === 'page').length + 1}`,
              placeholder_text: '',
              required: false,
              input_type: 'page',
            })
          }
        >
          Add step
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A step puts the questions after it on a screen of their own, so a long form feels short on a phone.
      </Text>
    </Stack>
  );
}
