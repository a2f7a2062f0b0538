import { ActionIcon, Button, Group, Image, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { SOCIAL_NETWORKS, type PageBlock } from '@qr/contracts';
import { WebAddressInput } from '../../components/web-address-input';
import { ImageUploadButton } from '../uploads';
import { RemoveIcon } from './editor-icons';
import { RichTextField } from './rich-text-field';

export const BLOCK_LABELS: Record<PageBlock['kind'], string> = {
  heading: 'Heading',
  text: 'Rich text',
  image: 'Image',
  button: 'Button',
  countdown: 'Countdown',
  video: 'Video',
  map: 'Map location',
  social: 'Social links',
  form: 'Registration form',
  promo: 'Promo code',
};

// An image block starts from an upload, not from a default.
export const NEW_BLOCK: Record<Exclude<PageBlock['kind'], 'image'>, PageBlock> = {
  heading: { kind: 'heading', title: 'A new heading', subtitle: '' },
  text: { kind: 'text', html: '<p>Some text</p>' },
  button: { kind: 'button', label: 'Find out more', url: 'https://example.com' },
  countdown: { kind: 'countdown', label: 'Starts in', until: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  video: { kind: 'video', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
  map: { kind: 'map', label: 'Find us', latitude: 52.52, longitude: 13.405 },
  social: { kind: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/' }] },
  form: { kind: 'form', submit_label: 'Submit' },
  promo: { kind: 'promo', title: 'Have a promo code?', button_label: 'Check my code' },
};

/** How a block is named on its handle, its remove button and to screen readers: heading “Doors at 7”. */
export function blockLabel(block: PageBlock): string {
  const words =
    block.kind === 'heading' || block.kind === 'promo' ? block.title : block.kind === 'button' ? block.label : block.kind === 'image' ? block.alt : '';
  const kind = BLOCK_LABELS[block.kind].toLowerCase();
  return words ? `${kind} “${words}”` : kind;
}

/** The fields of one block, by kind; an image block shows its picture once its link has arrived. */
export function BlockFields({ block, imageUrl, onChange }: { block: PageBlock; imageUrl: string | undefined; onChange(block: PageBlock): void }) {
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
        <Group align="flex-start" wrap="nowrap">
          {imageUrl ? (
            <Image src={imageUrl} alt="" w={96} h={96} fit="cover" radius="sm" style={{ flex: '0 0 auto' }} />
          ) : (
            <div style={{ width: 96, height: 96, flex: '0 0 auto', borderRadius: 4, background: 'var(--mantine-color-default-hover)' }} />
          )}
          <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              label="What the picture shows"
              description="Read aloud to visitors who cannot see it."
              value={block.alt}
              onChange={(e) => onChange({ ...block, alt: e.currentTarget.value })}
            />
            <ImageUploadButton what="picture" uploaded onUploaded={(blob_id) => onChange({ ...block, blob_id })} />
          </Stack>
        </Group>
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
          <Group grow preventGrowOverflow={false}>
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
            <Group key={index} align="end" gap="xs">
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
                style={{ flex: '1 1 12rem' }}
                value={link.url}
                onChange={(url) => onChange({ ...block, links: block.links.map((l, i) => (i === index ? { ...l, url } : l)) })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove the ${link.network} link`}
                disabled={block.links.length === 1}
                onClick={() => onChange({ ...block, links: block.links.filter((_, i) => i !== index) })}
              >
                <RemoveIcon />
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
    case 'promo':
      return (
        <>
          <TextInput
            label="Title"
            description="Above the box where visitors type a promo code of this page's QR code."
            value={block.title}
            onChange={(e) => onChange({ ...block, title: e.currentTarget.value })}
          />
          <TextInput label="Button text" value={block.button_label} onChange={(e) => onChange({ ...block, button_label: e.currentTarget.value })} />
        </>
      );
  }
}
