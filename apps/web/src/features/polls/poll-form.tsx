import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CreatePollBody,
  MAX_POLL_OPTION_LABEL,
  MAX_POLL_OPTIONS,
  MAX_POLL_QUESTION,
  MAX_RATING_MAX,
  MIN_RATING_MAX,
  POLL_KINDS,
  UpdatePollBody,
  type CodeNameView,
  type PollOption,
  type PollView,
} from '@qr/contracts';
import { useState } from 'react';
import { checked, SaveRefusal, useContractDraft, type FormErrors, type Setter } from '../promos';
import { draftOf, emptyPoll, isChoice, KIND_LABELS, newOption, termsOf, type PollDraft } from './poll-form-draft';

interface FieldsProps {
  draft: PollDraft;
  set: Setter<PollDraft>;
  errors: FormErrors;
}

/** The choices a voter picks from, added and removed in place; each keeps its id, so votes follow a relabelled option. */
function OptionsFields({ draft, set, errors }: FieldsProps) {
  const relabel = (index: number, label: string) =>
    set({ options: draft.options.map((option, at): PollOption => (at === index ? { ...option, label } : option)) });
  return (
    <Fieldset legend="Options">
      <Stack gap="xs">
        {draft.options.map((option, index) => (
          <Group key={option.id} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={`Option ${index + 1}`}
              maxLength={MAX_POLL_OPTION_LABEL}
              value={option.label}
              onChange={(event) => relabel(index, event.currentTarget.value)}
              error={errors[`options.${index}.label`]}
              style={{ flex: 1 }}
            />
            {/* Named in full for a screen reader's list of buttons; short on screen, beside an input on a phone. */}
            <Button
              variant="subtle"
              color="red"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => set({ options: draft.options.filter((_, at) => at !== index) })}
            >
              Remove
            </Button>
          </Group>
        ))}
        {errors['options'] && (
          <Text c="red" size="sm" role="alert">
            {errors['options']}
          </Text>
        )}
        <Button
          variant="default"
          disabled={draft.options.length >= MAX_POLL_OPTIONS}
          onClick={() => set({ options: [...draft.options, newOption()] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add an option
        </Button>
      </Stack>
    </Fieldset>
  );
}

function PollFields({ draft, set, errors, withResultsHidden }: FieldsProps & { withResultsHidden: boolean }) {
  return (
    <>
      <TextInput
        label="Question"
        placeholder="Which talk should come next?"
        maxLength={MAX_POLL_QUESTION}
        value={draft.question}
        onChange={(event) => set({ question: event.currentTarget.value })}
        error={errors['question']}
      />
      <Radio.Group
        label="Kind"
        value={draft.kind}
        onChange={(picked) => {
          const kind = POLL_KINDS.find((known) => known === picked);
          if (kind) set({ kind });
        }}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
          {POLL_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={KIND_LABELS[kind]} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {isChoice(draft.kind) && <OptionsFields draft={draft} set={set} errors={errors} />}
      {draft.kind === 'multiple' && (
        <NumberInput
          label="Most options one voter picks"
          min={1}
          max={MAX_POLL_OPTIONS}
          allowDecimal={false}
          value={draft.max_choices}
          onChange={(max_choices) => set({ max_choices })}
          error={errors['max_choices']}
        />
      )}
      {draft.kind === 'rating' && (
        <NumberInput
          label="Highest rating"
          description={`Voters rate from 1 to this, ${MIN_RATING_MAX} to ${MAX_RATING_MAX}.`}
          min={MIN_RATING_MAX}
          max={MAX_RATING_MAX}
          allowDecimal={false}
          value={draft.rating_max}
          onChange={(rating_max) => set({ rating_max })}
          error={errors['rating_max']}
        />
      )}
      <Checkbox
        label="Voters may change their vote"
        description="Otherwise a second vote from the same phone is refused."
        checked={draft.allow_change}
        onChange={(event) => set({ allow_change: event.currentTarget.checked })}
      />
      {withResultsHidden && (
        <Checkbox
          label="Hide the results from voters until you reveal them"
          checked={draft.results_hidden}
          onChange={(event) => set({ results_hidden: event.currentTarget.checked })}
        />
      )}
    </>
  );
}

/** Spec §1 "live voting": a new poll on one of the organisation's codes, checked with the API's own contract before it is sent. */
export function CreatePollForm({
  orgId,
  codes,
  pending,
  failure,
  onSubmit,
}: {
  orgId: string;
  codes: readonly CodeNameView[];
  pending: boolean;
  failure: unknown;
  onSubmit(body: CreatePollBody): void;
}) {
  const { draft, set, setErrors, shown } = useContractDraft(emptyPoll, failure);
  const [codeId, setCodeId] = useState('');
  const submit = () => {
    const result = checked(CreatePollBody, { ...termsOf(draft), org_id: orgId, code_id: codeId, results_hidden: draft.results_hidden });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <NativeSelect
        label="Code"
        description="The QR code the poll belongs to: its votes count in the code’s analytics."
        data={[{ value: '', label: 'Pick a code' }, ...codes.map((code) => ({ value: code.code_id, label: code.name }))]}
        value={codeId}
        onChange={(event) => setCodeId(event.currentTarget.value)}
        error={shown['code_id'] && 'Pick the code the poll belongs to.'}
      />
      <PollFields draft={draft} set={set} errors={shown} withResultsHidden />
      <SaveRefusal failure={failure} title="The poll was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Create poll
        </Button>
      </Group>
    </Stack>
  );
}

/** A poll's terms, while it has no votes in this round (the server refuses with `poll_has_votes` after that). */
export function EditPollForm({
  poll,
  pending,
  failure,
  onSubmit,
  onCancel,
}: {
  poll: PollView;
  pending: boolean;
  failure: unknown;
  onSubmit(body: UpdatePollBody): void;
  onCancel(): void;
}) {
  const { draft, set, setErrors, shown } = useContractDraft(() => draftOf(poll), failure);
  const submit = () => {
    const result = checked(UpdatePollBody, termsOf(draft));
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack gap="md">
      <PollFields draft={draft} set={set} errors={shown} withResultsHidden={false} />
      <SaveRefusal failure={failure} title="The poll was not saved" />
      <Group>
        <Button loading={pending} onClick={submit}>
          Save poll
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
