import { Button, Checkbox, Group, NativeSelect, NumberInput, Radio, Slider, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CreateWallBody, DEFAULT_NSFW_THRESHOLD, MAX_WALL_PROMPT, UpdateWallBody, WallLayout, WallTerms, type CodeNameView } from '@qr/contracts';
import { useState } from 'react';
import { checked, SaveRefusal, useContractDraft, type FormErrors, type Setter } from '../promos';
import { percent } from './share-in-words';

/** The form's state: the contract's terms, with the number input's text while it is being typed. */
type WallDraft = Omit<WallTerms, 'slideshow_seconds'> & { slideshow_seconds: number | string };

/** A new wall's terms: the contract's defaults, so the form and the API start from the same wall. */
const newDraft = (): WallDraft => ({ title: '', ...WallTerms.omit({ title: true }).parse({}) });

/** A wall's own terms, without what the server adds to them (counts, dates, embeds). */
const termsOf = ({ title, prompt, layout, slideshow_seconds, captions, auto_approve, nsfw_threshold }: WallTerms): WallDraft => ({
  title,
  prompt,
  layout,
  slideshow_seconds,
  captions,
  auto_approve,
  nsfw_threshold,
});

function TermsFields({ draft, set, errors }: { draft: WallDraft; set: Setter<WallDraft>; errors: FormErrors }) {
  return (
    <>
      <TextInput
        label="Title"
        placeholder="Summer party wall"
        value={draft.title}
        onChange={(event) => set({ title: event.currentTarget.value })}
        error={errors['title']}
      />
      <Textarea
        label="Prompt"
        description="What the upload form asks visitors."
        placeholder="Show us your team!"
        autosize
        minRows={1}
        maxLength={MAX_WALL_PROMPT}
        value={draft.prompt}
        onChange={(event) => set({ prompt: event.currentTarget.value })}
        error={errors['prompt']}
      />
      <Radio.Group label="Layout" value={draft.layout} onChange={(layout) => set({ layout: WallLayout.catch(draft.layout).parse(layout) })}>
        <Group mt="xs">
          <Radio value="masonry" label="A grid of every photo" />
          <Radio value="slideshow" label="A slideshow, one photo at a time" />
        </Group>
      </Radio.Group>
      {draft.layout === 'slideshow' && (
        <NumberInput
          label="Seconds per photo"
          min={3}
          max={60}
          allowDecimal={false}
          value={draft.slideshow_seconds}
          onChange={(slideshow_seconds) => set({ slideshow_seconds })}
          error={errors['slideshow_seconds']}
        />
      )}
      <Checkbox label="Visitors may add a caption" checked={draft.captions} onChange={(event) => set({ captions: event.currentTarget.checked })} />
      <Checkbox
        label="Approve photos the NSFW check passes at once"
        description="Without it, every photo waits for staff in the review queue. A flagged photo always waits."
        checked={draft.auto_approve}
        onChange={(event) => set({ auto_approve: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          NSFW threshold: {percent(draft.nsfw_threshold)}
        </Text>
        <Text size="xs" c="dimmed">
          A photo the model scores at or above this is flagged and never approved without staff. Lower flags more photos. The default,{' '}
          {percent(DEFAULT_NSFW_THRESHOLD)}, flags what the model is fairly sure of.
        </Text>
        <Slider
          min={0.05}
          max={0.99}
          step={0.01}
          value={draft.nsfw_threshold}
          onChange={(nsfw_threshold) => set({ nsfw_threshold })}
          label={percent}
          thumbLabel="NSFW threshold"
          marks={[{ value: DEFAULT_NSFW_THRESHOLD, label: 'default' }]}
          mb="md"
        />
        {errors['nsfw_threshold'] && (
          <Text size="xs" c="red">
            {errors['nsfw_threshold']}
          </Text>
        )}
      </Stack>
    </>
  );
}

interface FormProps<Body> {
  pending: boolean;
  failure: unknown;
  onSubmit(body: Body): void;
}

/** A new wall on one of the organisation's codes. */
export function CreateWallForm({ orgId, codes, pending, failure, onSubmit }: FormProps<CreateWallBody> & { orgId: string; codes: readonly CodeNameView[] }) {
  const { draft, set, shown: errors, setErrors } = useContractDraft(newDraft(), failure);
  const [codeId, setCodeId] = useState('');
  const submit = () => {
    const result = checked(CreateWallBody, { ...draft, slideshow_seconds: Number(draft.slideshow_seconds), org_id: orgId, code_id: codeId });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack component="form" gap="sm" onSubmit={(event) => (event.preventDefault(), submit())}>
      <NativeSelect
        label="Code"
        description="The code whose visitors the wall is for; its uploads count in the code's analytics."
        data={[{ value: '', label: 'Choose a code' }, ...codes.map((code) => ({ value: code.code_id, label: code.name }))]}
        value={codeId}
        onChange={(event) => setCodeId(event.currentTarget.value)}
        error={errors['code_id'] && 'Choose the code the wall is for.'}
      />
      <TermsFields draft={draft} set={set} errors={errors} />
      <SaveRefusal failure={failure} title="The wall was not saved" />
      <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
        Create wall
      </Button>
    </Stack>
  );
}

/** A wall's settings, changed in place. */
export function EditWallForm({ initial, pending, failure, onSubmit }: FormProps<UpdateWallBody> & { initial: WallTerms }) {
  const { draft, set, shown: errors, setErrors } = useContractDraft(termsOf(initial), failure);
  const submit = () => {
    const result = checked(UpdateWallBody, { ...draft, slideshow_seconds: Number(draft.slideshow_seconds) });
    setErrors(result.errors ?? {});
    if (result.data) onSubmit(result.data);
  };
  return (
    <Stack component="form" gap="sm" onSubmit={(event) => (event.preventDefault(), submit())}>
      <TermsFields draft={draft} set={set} errors={errors} />
      <SaveRefusal failure={failure} title="The wall was not saved" />
      <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
        Save settings
      </Button>
    </Stack>
  );
}
