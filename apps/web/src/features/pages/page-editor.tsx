import { ActionIcon, Button, Checkbox, Group, Menu, NativeSelect, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ADDRESS_INPUTS, FORM_INPUT_TYPES, SOCIAL_NETWORKS, type FormInput, type PageBlock, type UpdatePageBody } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { ImageUploadButton } from '../uploads';
import { PageBlockView } from './page-blocks';
import { RegistrationFormView } from './registration-form-view';
import { RichTextField } from './rich-text-field';
import { WebAddressInput } from '../../components/web-address-input';

export type PageDraft = UpdatePageBody;

const BLOCK_LABELS: Record<PageBlock['kind'], string> = {
  heading: 'Heading',
  text: 'Rich text',
  image: 'Image',
  button: 'Button',
  countdown: 'Countdown',
  video: 'Video',
  map: 'Map location',
  social: 'Social links',
  form: 'Registration form',
};

// An image block starts from an upload, not from a default.
const NEW_BLOCK: Record<Exclude<PageBlock['kind'], 'image'>, PageBlock> = {
  heading: { kind: 'heading', title: 'A new heading', subtitle: '' },
  text: { kind: 'text', html: '<p>Some text</p>' },
  button: { kind: 'button', label: 'Find out more', url: 'https://example.com' },
  countdown: { kind: 'countdown', label: 'Starts in', until: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  video: { kind: 'video', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
  map: { kind: 'map', label: 'Find us', latitude: 52.52, longitude: 13.405 },
  social: { kind: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/' }] },
  form: { kind: 'form', submit_label: 'Submit' },
};

const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
};

function ItemControls({
  index,
  count,
  onMove,
  onRemove,
  removable = true,
  label,
}: {
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
  removable?: boolean;
  label: string;
}) {
  return (
    <Group gap={4}>
      <ActionIcon variant="subtle" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        ↑
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        ↓
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} disabled={!removable} onClick={onRemove}>
        ✕
      </ActionIcon>
    </Group>
  );
}

/** The fields of one block, by kind. */
function BlockFields({ block, onChange }: { block: PageBlock; onChange(block: PageBlock): void }) {
  switch (block.kind) {
    case 'heading':
      return (
        <>
          <TextInput label="Title" value={block.title} onChange={(e) => onChange({ ...block, title: e.currentTarget.value })} />
          <TextInput label="Subtitle" value={block.subtitle} onChange={(e) => onChange({ ...block, subtitle: e.currentTarget.value })} />
        </>
      );
    case 'text':
      return <RichTextField label="Text" value={block.html} onChange={(html) => onChange({ ...block, html })} />;
    case 'image':
      return (
        <>
          <TextInput label="Description for screen readers" value={block.alt} onChange={(e) => onChange({ ...block, alt: e.currentTarget.value })} />
          <ImageUploadButton what="picture" uploaded onUploaded={(blob_id) => onChange({ ...block, blob_id })} />
        </>
      );
    case 'button':
      return (
        <>
          <TextInput label="Button text" value={block.label} onChange={(e) => onChange({ ...block, label: e.currentTarget.value })} />
          <WebAddressInput label="Link (https://…)" value={block.url} onChange={(url) => onChange({ ...block, url })} />
        </>
      );
    case 'countdown':
      return (
        <>
          <TextInput label="Label" value={block.label} onChange={(e) => onChange({ ...block, label: e.currentTarget.value })} />
          <TextInput
            label="Counts down to"
            type="datetime-local"
            value={block.until.slice(0, 16)}
            onChange={(e) => e.currentTarget.value && onChange({ ...block, until: new Date(e.currentTarget.value).toISOString() })}
          />
        </>
      );
    case 'video':
      return <WebAddressInput label="YouTube or Vimeo link" value={block.url} onChange={(url) => onChange({ ...block, url })} />;
    case 'map':
      return (
        <>
          <TextInput label="Label" value={block.label} onChange={(e) => onChange({ ...block, label: e.currentTarget.value })} />
          <Group grow>
            <NumberInput
              label="Latitude"
              min={-90}
              max={90}
              decimalScale={6}
              value={block.latitude}
              onChange={(value) => onChange({ ...block, latitude: Number(value) })}
            />
            <NumberInput
              label="Longitude"
              min={-180}
              max={180}
              decimalScale={6}
              value={block.longitude}
              onChange={(value) => onChange({ ...block, longitude: Number(value) })}
            />
          </Group>
        </>
      );
    case 'social':
      return (
        <Stack gap="xs">
          {block.links.map((link, index) => (
            <Group key={index} align="end" wrap="nowrap">
              <NativeSelect
                label="Network"
                data={[...SOCIAL_NETWORKS]}
                value={link.network}
                onChange={(e) =>
                  onChange({ ...block, links: block.links.map((l, i) => (i === index ? { ...l, network: e.currentTarget.value as typeof l.network } : l)) })
                }
              />
              <WebAddressInput
                label="Link"
                style={{ flex: 1 }}
                value={link.url}
                onChange={(url) => onChange({ ...block, links: block.links.map((l, i) => (i === index ? { ...l, url } : l)) })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Remove link"
                disabled={block.links.length === 1}
                onClick={() => onChange({ ...block, links: block.links.filter((_, i) => i !== index) })}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
          <Button variant="subtle" onClick={() => onChange({ ...block, links: [...block.links, { network: 'website', url: 'https://' }] })}>
            Add link
          </Button>
        </Stack>
      );
    case 'form':
      return <TextInput label="Submit button text" value={block.submit_label} onChange={(e) => onChange({ ...block, submit_label: e.currentTarget.value })} />;
  }
}

/** One input of the registration form; the first page marker can be relabelled but not removed or moved. */
function InputFields({ input, onChange }: { input: FormInput; onChange(input: FormInput): void }) {
  return (
    <Stack gap="xs">
      <Group grow>
        <TextInput label="Name" description="The answer’s key" value={input.name} onChange={(e) => onChange({ ...input, name: e.currentTarget.value })} />
        <TextInput label="Label" value={input.input_display_name} onChange={(e) => onChange({ ...input, input_display_name: e.currentTarget.value })} />
      </Group>
      {input.input_type !== 'page' && (
        <Group grow align="end">
          <NativeSelect
            label="Type"
            data={FORM_INPUT_TYPES.filter((type) => type !== 'page')}
            value={input.input_type}
            onChange={(e) => onChange({ ...input, input_type: e.currentTarget.value as FormInput['input_type'] })}
          />
          <TextInput label="Placeholder" value={input.placeholder_text} onChange={(e) => onChange({ ...input, placeholder_text: e.currentTarget.value })} />
          <Checkbox label="Required" checked={input.required} onChange={(e) => onChange({ ...input, required: e.currentTarget.checked })} />
        </Group>
      )}
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
    </Stack>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The page builder: blocks, the registration form and the success message on the left, the page
 * as a phone shows it on the right, updated as staff type. Saving is the caller's.
 */
export function PageEditor({ draft, onChange }: { draft: PageDraft; onChange(draft: PageDraft): void }) {
  const [nextInput, setNextInput] = useState(1);
  const setBlocks = (blocks: PageBlock[]) => onChange({ ...draft, blocks });
  const setForm = (form: FormInput[]) => onChange({ ...draft, form });
  const freshName = (stem: string) => {
    let n = nextInput;
    while (draft.form.some((input) => input.name === `${stem}${n}`)) n++;
    setNextInput(n + 1);
    return `${stem}${n}`;
  };
  const addBlock = (block: PageBlock) => setBlocks([...draft.blocks, block]);

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack style={{ flex: '1 1 420px' }} gap="xl">
        <TextInput label="Page title" value={draft.title} onChange={(e) => onChange({ ...draft, title: e.currentTarget.value })} />
        <TextInput
          label="Page name (optional)"
          description={`Visitors can also open the page at ${window.location.origin}/p/${draft.vanity_name || 'your-name'}. Lowercase letters, digits and hyphens; no two pages on this server share a name.`}
          placeholder="summer-fair"
          value={draft.vanity_name ?? ''}
          onChange={(e) => onChange({ ...draft, vanity_name: e.currentTarget.value.trim() === '' ? null : e.currentTarget.value })}
        />
        <Section
          title="Blocks"
          actions={
            <Group gap="xs">
              <ImageUploadButton what="picture" uploaded={false} onUploaded={(blob_id) => addBlock({ kind: 'image', blob_id, alt: '' })} />
              <Menu>
                <Menu.Target>
                  <Button>Add block</Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {(Object.keys(NEW_BLOCK) as (keyof typeof NEW_BLOCK)[]).map((kind) => (
                    <Menu.Item key={kind} onClick={() => addBlock(NEW_BLOCK[kind])}>
                      {BLOCK_LABELS[kind]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
          }
        >
          {draft.blocks.map((block, index) => (
            <Paper key={index} withBorder p="sm">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{BLOCK_LABELS[block.kind]}</Text>
                  <ItemControls
                    index={index}
                    count={draft.blocks.length}
                    label={BLOCK_LABELS[block.kind].toLowerCase()}
                    onMove={(to) => setBlocks(moved(draft.blocks, index, to))}
                    onRemove={() => setBlocks(draft.blocks.filter((_, i) => i !== index))}
                  />
                </Group>
                <BlockFields block={block} onChange={(changed) => setBlocks(draft.blocks.map((b, i) => (i === index ? changed : b)))} />
              </Stack>
            </Paper>
          ))}
        </Section>
        <Section
          title="Registration form"
          actions={
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() =>
                  setForm([
                    ...draft.form,
                    {
                      name: freshName('page'),
                      input_display_name: `Page${draft.form.filter((i) => i.input_type === 'page').length + 1}`,
                      placeholder_text: '',
                      required: false,
                      input_type: 'page',
                    },
                  ])
                }
              >
                Add step
              </Button>
              <Button
                variant="default"
                disabled={draft.form.some((input) => input.name === 'address1')}
                onClick={() => setForm([...draft.form, ...ADDRESS_INPUTS])}
              >
                Add address
              </Button>
              <Button
                onClick={() =>
                  setForm([
                    ...draft.form,
                    { name: freshName('field'), input_display_name: 'New question', placeholder_text: '', required: false, input_type: 'text' },
                  ])
                }
              >
                Add input
              </Button>
            </Group>
          }
        >
          {draft.form.map((input, index) => (
            <Paper key={index} withBorder p="sm">
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{input.input_type === 'page' ? `Step: ${input.input_display_name || input.name}` : input.input_display_name || input.name}</Text>
                <ItemControls
                  index={index}
                  count={draft.form.length}
                  label={input.name}
                  removable={index > 0}
                  onMove={(to) => index > 0 && to > 0 && setForm(moved(draft.form, index, to))}
                  onRemove={() => setForm(draft.form.filter((_, i) => i !== index))}
                />
              </Group>
              <InputFields input={input} onChange={(changed) => setForm(draft.form.map((item, i) => (i === index ? changed : item)))} />
            </Paper>
          ))}
        </Section>
        <Textarea
          label="Message after a visitor submits"
          value={draft.success_message}
          onChange={(e) => onChange({ ...draft, success_message: e.currentTarget.value })}
        />
      </Stack>
      <Stack style={{ flex: '0 0 390px' }} gap="xs">
        <Text size="sm" c="dimmed">
          Preview on a phone
        </Text>
        <Paper withBorder radius="lg" p="md" w={390} aria-label="Page preview">
          <Stack gap="lg">
            {draft.blocks.map((block, index) => (
              <PageBlockView
                key={index}
                block={block}
                // Uploaded images are shown once the page is saved and opened.
                imageUrls={{}}
                unsavedText
                form={
                  block.kind === 'form' ? (
                    <RegistrationFormView pageId="" form={draft.form} submitLabel={block.submit_label} preview onSubmitted={() => undefined} />
                  ) : null
                }
              />
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Group>
  );
}
