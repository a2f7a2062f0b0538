import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { labelFromInputName, type FormInput } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { AnswersRefused, submitAnswers } from './public-page-api';
import { visitorInputAttributes } from './visitor-input-attributes';

type Answers = Record<string, string | boolean>;

/** An input's label: its display name, or its name made readable (`first_name` → First name). */
export const labelOf = (input: FormInput) => input.input_display_name || labelFromInputName(input.name);

/** The form's steps: page markers split it, and a marker with nothing after it makes no step. */
export function stepsOf(form: readonly FormInput[]): FormInput[][] {
  const steps: FormInput[][] = [[]];
  for (const input of form) {
    if (input.input_type === 'page') steps.push([]);
    else steps.at(-1)!.push(input);
  }
  return steps.filter((step) => step.length > 0);
}

/** Required inputs left empty on a step; the server checks everything else when the form is sent. */
function missingOn(step: readonly FormInput[], answers: Answers): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const input of step) {
    const value = answers[input.name];
    const empty = input.input_type === 'checkbox' || input.input_type === 'consent' ? value !== true : typeof value !== 'string' || value.trim() === '';
    if (input.required && empty) missing[input.name] = `Please fill in ${labelOf(input).toLowerCase()}.`;
  }
  return missing;
}

function FieldInput({
  input,
  value,
  error,
  onChange,
}: {
  input: FormInput;
  value: string | boolean | undefined;
  error?: string;
  onChange(value: string | boolean): void;
}) {
  const common = { label: labelOf(input), withAsterisk: input.required, error, name: input.name };
  switch (input.input_type) {
    case 'checkbox':
    case 'consent':
      return <Checkbox {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />;
    case 'select':
      return (
        <NativeSelect
          {...common}
          data={['', ...(input.options ?? [])]}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          {...visitorInputAttributes(input)}
          placeholder={input.placeholder_text || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/**
 * A page's registration form, step by step. The submission id is made once per filled-in form, so
 * a double-click or a retry is recorded once. Refused answers come back by name and are shown next
 * to their inputs, on the step that holds the first of them.
 */
export function RegistrationFormView({
  pageId,
  form,
  submitLabel,
  onSubmitted,
  preview = false,
}: {
  pageId: string;
  form: readonly FormInput[];
  submitLabel: string;
  onSubmitted(): void;
  /** The editor's preview: steps and required inputs work, nothing is sent. */
  preview?: boolean;
}) {
  const steps = stepsOf(form);
  const [submissionId] = useState(() => crypto.randomUUID());
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const step = steps[stepIndex] ?? [];
  const last = stepIndex >= steps.length - 1;

  async function send(event: FormEvent) {
    event.preventDefault();
    const missing = missingOn(step, answers);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    if (!last) return setStepIndex(stepIndex + 1);
    if (preview) return;
    setSending(true);
    setFailure(undefined);
    try {
      await submitAnswers(pageId, { submission_id: submissionId, answers });
      onSubmitted();
    } catch (error) {
      if (error instanceof AnswersRefused) {
        setErrors(error.fieldErrors);
        const first = steps.findIndex((inputs) => inputs.some((input) => error.fieldErrors[input.name]));
        if (first >= 0) setStepIndex(first);
      } else {
        setFailure(error instanceof Error ? error.message : 'The form could not be sent. Please try again.');
      }
    } finally {
      setSending(false);
    }
  }

  if (steps.length === 0) return null;
  return (
    <form onSubmit={send} noValidate aria-label="Registration form">
      <Stack gap="sm">
        {steps.length > 1 && (
          <Text size="sm" c="dimmed">
            Step {stepIndex + 1} of {steps.length}
          </Text>
        )}
        {step.map((input) => (
          <FieldInput
            key={input.name}
            input={input}
            value={answers[input.name]}
            error={errors[input.name]}
            onChange={(value) => setAnswers((current) => ({ ...current, [input.name]: value }))}
          />
        ))}
        {failure && (
          <Alert color="red" title="Not sent">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          {stepIndex > 0 ? (
            <Button variant="default" onClick={() => setStepIndex(stepIndex - 1)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={sending} size="md">
            {last ? submitLabel : 'Next'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
