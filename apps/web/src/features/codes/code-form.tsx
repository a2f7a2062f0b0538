import { Alert, Button, Checkbox, Group, Input, PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CODE_TYPE_LABELS, CODE_TYPES, QrDesign, UpdateCodeBody, type CodeType, type CodeView } from '@qr/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { contractFieldErrors, fieldErrorsByName } from '../../api/contract-form-errors';
import { ApiProblem, describeError } from '../../api/api-problem';
import { ACCEPTED_IMAGES, ImageUploadButton } from '../uploads';
import { withWebScheme } from '../../components/web-address';
import { WebAddressInput } from '../../components/web-address-input';
import { CONTENT_FIELDS, type ContentField } from './code-content-fields';
import { QrDesigner } from './qr-designer';

type Values = Record<string, string | boolean>;

export interface CodeDraft {
  name: string;
  type: CodeType;
  values: Values;
  design: QrDesign;
}

export const emptyDraft = (): CodeDraft => ({ name: '', type: 'url', values: {}, design: QrDesign.parse({}) });

/** A saved code as the form edits it. */
export function draftOf(code: CodeView): CodeDraft {
  const values: Values = {};
  for (const field of CONTENT_FIELDS[code.type]) {
    const value = code[field.name];
    if (typeof value === 'string' || typeof value === 'boolean') values[field.name] = value;
  }
  return { name: code.name, type: code.type, values, design: code.design };
}

/** The body the contract expects: this type's fields only, empty optional ones left out. */
function bodyOf(draft: CodeDraft): Record<string, unknown> {
  const content = Object.fromEntries(
    CONTENT_FIELDS[draft.type].flatMap((field) => {
      const value = draft.values[field.name];
      if (value === undefined || value === '') return [];
      return [[field.name, field.kind === 'web' && typeof value === 'string' ? withWebScheme(value) : value]];
    }),
  );
  return { name: draft.name, type: draft.type, ...content, design: draft.design };
}

/** An image the organization uploads (a business card's photo): the field holds its file id. */
function ImageInput({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (blobId: string) => void }) {
  return (
    <Input.Wrapper label={label} description={ACCEPTED_IMAGES} error={error}>
      <Stack gap={4} mt={4}>
        <ImageUploadButton what={label.toLowerCase()} uploaded={value !== ''} onUploaded={onChange} onRemove={() => onChange('')} />
      </Stack>
    </Input.Wrapper>
  );
}

function ContentInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ContentField;
  value: string | boolean | undefined;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const common = { label: field.label, placeholder: field.placeholder, error };
  switch (field.kind) {
    case 'image':
      return <ImageInput label={field.label} value={String(value ?? '')} error={error} onChange={onChange} />;
    case 'textarea':
      return <Textarea {...common} autosize minRows={3} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'password':
      return <PasswordInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={String(value ?? field.options?.[0]?.value ?? '')}
          allowDeselect={false}
          onChange={(v) => v && onChange(v)}
        />
      );
    case 'checkbox':
      return <Checkbox label={field.label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} mt="md" />;
    case 'web':
      return <WebAddressInput {...common} value={String(value ?? '')} onChange={onChange} />;
    default:
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * The type, name, content and design of a code, for creating and editing alike. Values are checked
 * against the API's contract before sending; the server's scan check answers in the designer.
 */
export function CodeForm({ initial, submitLabel, onSubmit }: { initial: CodeDraft; submitLabel: string; onSubmit: (body: UpdateCodeBody) => Promise<void> }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** Field errors, with the first invalid field focused: its message may be far above the button, out of sight. */
  const showErrors = (fieldErrors: Record<string, string>) => {
    flushSync(() => setErrors(fieldErrors));
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = contractFieldErrors(UpdateCodeBody, bodyOf(draft));
    setRefusal(null);
    setFailure(null);
    if (!checked.data) return showErrors(checked.errors ?? {});
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(checked.data);
    } catch (error) {
      if (error instanceof ApiProblem && error.code === 'design_unscannable') setRefusal(error.detail ?? error.title);
      else if (error instanceof ApiProblem && error.errors.length > 0) {
        const byName = fieldErrorsByName(error.errors);
        showErrors(byName);
        // A refused field the form has no place for is still said, under the form.
        const shown = new Set(['name', 'design', ...CONTENT_FIELDS[draft.type].map((field) => field.name)]);
        if (Object.keys(byName).some((name) => !shown.has(name))) setFailure(describeError(error));
      } else setFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  const fields = CONTENT_FIELDS[draft.type];
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-label="Code">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Type"
            data={CODE_TYPES.map((type) => ({ value: type, label: CODE_TYPE_LABELS[type] }))}
            value={draft.type}
            allowDeselect={false}
            onChange={(type) => type && setDraft({ ...draft, type: type as CodeType })}
          />
          <TextInput
            label="Name"
            description="For you: visitors do not see it."
            value={draft.name}
            error={errors['name']}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
        </SimpleGrid>
        {fields.length === 0 && <Alert color="blue">Create the code first; the next screen takes you to building its landing page.</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <ContentInput
              key={`${draft.type}-${field.name}`}
              field={field}
              value={draft.values[field.name]}
              error={errors[field.name]}
              onChange={(value) => setDraft({ ...draft, values: { ...draft.values, [field.name]: value } })}
            />
          ))}
        </SimpleGrid>
        <QrDesigner
          design={draft.design}
          refusal={refusal}
          onChange={(design) => {
            // The refusal was of the design as it was: once it changes, the live preview's own check speaks.
            setRefusal(null);
            setDraft({ ...draft, design });
          }}
        />
        {errors['design'] && <Alert color="red">{errors['design']}</Alert>}
        {failure && (
          <Alert color="red" title="The code was not saved">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
