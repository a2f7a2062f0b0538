import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { FORM_POST_STEP_FIELD, FORM_POST_SUBMISSION_FIELD, formSteps, labelFromInputName, type FormAnswers, type FormInput } from '@qr/contracts';
import { useState, type FormEvent } from 'react';
import { AnswersRefused, submitAnswers } from './public-page-api';
import type { ServedForm } from './served-page';
import { rememberSentForm } from '../../api/sent-forms';
import { visitorInputAttributes } from './visitor-input-attributes';

type Answers = FormAnswers;

/** An input's label: its display name, or its name made readable (`first_name` → First name). */
export const labelOf = (input: FormInput) => input.input_display_name || labelFromInputName(input.name);

/** Where the browser itself posts the form, before the script arrives or without it (the API's landing-page-html.ts). */
export const formPostAction = (pageId: string) => `/page/${encodeURIComponent(pageId)}/submit`;

/** The answers of the steps not shown, carried along when the browser posts the form itself. */
function HiddenAnswers({ inputs, answers }: { inputs: readonly FormInput[]; answers: Answers }) {
  return inputs.map((input) => {
    const value = answers[input.name];
    if (value === undefined || value === false || value === '') return null;
    return <input key={input.name} type="hidden" name={input.name} value={value === true ? 'on' : value} />;
  });
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
 * A page's registration form, step by step. The submission id is made once per filled-in form (by
 * the server when it drew the form), so a double-click or a retry is recorded once. Refused answers
 * come back by name and are shown next to their inputs, on the step that holds the first of them.
 * Drawn on the server, it is a plain form the browser can post itself (each step to the server in
 * turn) until the script takes over and sends it as JSON.
 */
export function RegistrationFormView({
  pageId,
  form,
  served,
  submitLabel,
  onSubmitted,
  preview = false,
}: {
  pageId: string;
  form: readonly FormInput[];
  /** The form as the server drew it, after a native post with the visitor's answers and errors. */
  served?: ServedForm;
  submitLabel: string;
  onSubmitted(): void;
  /** The editor's preview: steps and required inputs work, nothing is sent. */
  preview?: boolean;
}) {
  const steps = formSteps(form);
  const [submissionId] = useState(() => served?.submission_id ?? crypto.randomUUID());
  const [answers, setAnswers] = useState<Answers>(served?.answers ?? {});
  const [errors, setErrors] = useState<Record<string, string>>(served?.errors ?? {});
  const [stepIndex, setStepIndex] = useState(() => Math.min(served?.step ?? 0, Math.max(steps.length - 1, 0)));
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
      rememberSentForm(submissionId);
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
    <form onSubmit={send} noValidate aria-label="Registration form" {...(preview ? {} : { method: 'post', action: formPostAction(pageId) })}>
      {!preview && (
        <>
          <input type="hidden" name={FORM_POST_SUBMISSION_FIELD} value={submissionId} />
          <input type="hidden" name={FORM_POST_STEP_FIELD} value={stepIndex} />
          <HiddenAnswers inputs={steps.filter((_, index) => index !== stepIndex).flat()} answers={answers} />
        </>
      )}
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
