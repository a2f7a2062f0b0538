import { ActionIcon, Box, Button, Checkbox, Group, Menu, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { PageBlock, UpdatePageBody } from '@qr/contracts';
import { useState, type ReactNode } from 'react';
import { useWiderThan } from '../../components/use-wider-than';
import { WebAddressInput } from '../../components/web-address-input';
import { PageThemePanel, useBrandKit } from '../brand';
import { ImageUploadButton, useUploadedImageUrls } from '../uploads';
import { BLOCK_LABELS, BlockFields, blockLabel, NEW_BLOCK } from './block-fields';
import { RemoveIcon } from './editor-icons';
import { FormEditor } from './form-editor';
import { PagePreview } from './page-preview';
import { movedItem, SortableList, useListKeys } from './sortable-list';

export type PageDraft = UpdatePageBody;

// The admin header's height (admin-layout): the preview and the phone's view switch stay in view below it.
const BELOW_HEADER = 'calc(var(--app-shell-header-height, 56px) + var(--mantine-spacing-md))';
// What the preview leaves of the window's height: its caption above, the screen's save bar below.
const PREVIEW_HEIGHT = `calc(100dvh - ${BELOW_HEADER} - 7.5rem)`;

/** One part of the editor, headed; each part edits one side of the page (the content, the form, what follows a submission, its look). */
function EditorSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function BlocksEditor({ blocks, imageUrls, onChange }: { blocks: PageBlock[]; imageUrls: Record<string, string>; onChange(blocks: PageBlock[]): void }) {
  const keys = useListKeys(blocks.length);
  const add = (block: PageBlock) => {
    onChange([...blocks, block]);
    keys.added();
  };
  return (
    <Stack gap={0}>
      <SortableList
        keys={keys.keys}
        label={(index) => blockLabel(blocks[index]!)}
        onMove={(from, to) => {
          onChange(movedItem(blocks, from, to));
          keys.moved(from, to);
        }}
      >
        {(index, handle) => {
          const block = blocks[index]!;
          return (
            <Box pb="sm">
              <Paper withBorder p="sm">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="nowrap">
                      {handle}
                      <Text fw={600}>{BLOCK_LABELS[block.kind]}</Text>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${blockLabel(block)}`}
                      onClick={() => {
                        onChange(blocks.filter((_, i) => i !== index));
                        keys.removed(index);
                      }}
                    >
                      <RemoveIcon />
                    </ActionIcon>
                  </Group>
                  <BlockFields
                    block={block}
                    imageUrl={block.kind === 'image' ? imageUrls[block.blob_id] : undefined}
                    onChange={(changed) => onChange(blocks.map((b, i) => (i === index ? changed : b)))}
                  />
                </Stack>
              </Paper>
            </Box>
          );
        }}
      </SortableList>
      <Group gap="xs">
        <Menu>
          <Menu.Target>
            <Button>Add block</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(NEW_BLOCK) as (keyof typeof NEW_BLOCK)[]).map((kind) => (
              <Menu.Item key={kind} onClick={() => add(NEW_BLOCK[kind])}>
                {BLOCK_LABELS[kind]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <ImageUploadButton what="picture" uploaded={false} onUploaded={(blob_id) => add({ kind: 'image', blob_id, alt: '' })} />
      </Group>
    </Stack>
  );
}

/** The thank-you screen's message, and the optional button that offers visitors a next step. */
function AfterSubmitting({ draft, onChange }: { draft: PageDraft; onChange(draft: PageDraft): void }) {
  const button = draft.success_button;
  return (
    <>
      <Textarea
        label="Thank-you message"
        autosize
        minRows={2}
        value={draft.success_message}
        onChange={(e) => onChange({ ...draft, success_message: e.currentTarget.value })}
      />
      <Checkbox
        label="Button after submitting"
        description="Offer visitors a next step, such as your shop or the event programme."
        checked={button !== null}
        onChange={(e) => onChange({ ...draft, success_button: e.currentTarget.checked ? { label: 'Visit our website', url: 'https://' } : null })}
      />
      {button && (
        <>
          <TextInput
            label="Button text"
            value={button.label}
            onChange={(e) => onChange({ ...draft, success_button: { ...button, label: e.currentTarget.value } })}
          />
          <WebAddressInput label="Button link (https://…)" value={button.url} onChange={(url) => onChange({ ...draft, success_button: { ...button, url } })} />
        </>
      )}
    </>
  );
}

/**
 * The page builder: the page's content, its form and what follows a submission, beside the page as
 * a visitor's phone shows it, updated as staff type. On wide screens the preview stays in view while
 * the editor scrolls; on narrower ones a switch shows one or the other. Saving is the caller's.
 */
export function PageEditor({ draft, orgId, onChange }: { draft: PageDraft; orgId: string; onChange(draft: PageDraft): void }) {
  const wide = useWiderThan('lg');
  const [shown, setShown] = useState<'edit' | 'preview'>('edit');
  const background = draft.theme.source === 'custom' && draft.theme.background.kind === 'image' ? [draft.theme.background.blob_id] : [];
  const brandKit = useBrandKit(orgId);
  const imageUrls = useUploadedImageUrls(orgId, [...draft.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : [])), ...background]);

  return (
    <Stack gap="md">
      {!wide && (
        <SegmentedControl
          aria-label="Show"
          data={[
            { value: 'edit', label: 'Editor' },
            { value: 'preview', label: 'Preview' },
          ]}
          value={shown}
          onChange={(value) => setShown(value as 'edit' | 'preview')}
          style={{ position: 'sticky', top: BELOW_HEADER, zIndex: 3 }}
        />
      )}
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack gap="xl" style={{ flex: '1 1 0', minWidth: 0, display: !wide && shown === 'preview' ? 'none' : undefined }}>
          <EditorSection title="Content" description="What visitors see, top to bottom. Drag a block by its handle to move it.">
            <TextInput label="Page title" value={draft.title} onChange={(e) => onChange({ ...draft, title: e.currentTarget.value })} />
            <TextInput
              label="Page name (optional)"
              description={`Visitors can also open the page at ${window.location.origin}/p/${draft.vanity_name || 'your-name'}. Lowercase letters, digits and hyphens; no two pages on this server share a name.`}
              placeholder="summer-fair"
              value={draft.vanity_name ?? ''}
              onChange={(e) => onChange({ ...draft, vanity_name: e.currentTarget.value.trim() === '' ? null : e.currentTarget.value })}
            />
            <BlocksEditor blocks={draft.blocks} imageUrls={imageUrls} onChange={(blocks) => onChange({ ...draft, blocks })} />
          </EditorSection>
          <EditorSection title="Form" description="The questions of the Registration form block, as visitors see them.">
            <FormEditor form={draft.form} onChange={(form) => onChange({ ...draft, form })} />
          </EditorSection>
          <EditorSection title="After submitting" description="What visitors see once their answers are in.">
            <AfterSubmitting draft={draft} onChange={onChange} />
          </EditorSection>
          <EditorSection title="Theme" description="Colours, fonts and background: the organisation’s brand kit, or the page’s own.">
            <PageThemePanel value={draft.theme} onChange={(theme) => onChange({ ...draft, theme })} brandKit={brandKit} />
          </EditorSection>
        </Stack>
        <Box
          style={
            wide ? { flex: '0 0 390px', position: 'sticky', top: BELOW_HEADER } : { flex: '1 1 0', minWidth: 0, display: shown === 'edit' ? 'none' : undefined }
          }
        >
          {wide && (
            <Text size="sm" c="dimmed" mb="xs">
              Preview on a phone
            </Text>
          )}
          <Paper
            withBorder
            radius="lg"
            component="section"
            aria-label="Page preview"
            style={{ overflow: 'auto', maxHeight: wide ? PREVIEW_HEIGHT : undefined }}
          >
            <PagePreview draft={draft} orgId={orgId} imageUrls={imageUrls} />
          </Paper>
        </Box>
      </Group>
    </Stack>
  );
}
