import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { APPLE_PASS_STYLE, fillPassText, PASS_SAMPLE_VALUES, type PassField, type PassKind } from '@qr/contracts';
import { useState, type CSSProperties } from 'react';
import { BREAK_ANYWHERE } from '../../components/break-anywhere';
import { useUploadedImageUrls } from '../uploads';
import { PassBarcode } from './pass-barcode';
import type { DesignDraft } from './pass-design-draft';

/** What the preview's barcode holds: the sample promo code for a coupon, a made-up serial otherwise. */
const SAMPLE_BARCODE: Record<PassKind, string> = {
  loyalty_card: 'CARD-0190A6B2',
  promo_code: PASS_SAMPLE_VALUES.promo_code.promo_code ?? 'PROMO',
  event_ticket: 'TICKET-0190A6B2',
};

/** One field as a wallet lays it out: the label small in the label colour, the value under it. */
function FieldView({
  field,
  kind,
  labelColor,
  large = false,
  align = 'left',
}: {
  field: PassField;
  kind: PassKind;
  labelColor: string;
  large?: boolean;
  align?: CSSProperties['textAlign'];
}) {
  return (
    <Box style={{ textAlign: align, minWidth: 0 }}>
      <Text size="xs" tt="uppercase" style={{ color: labelColor, ...BREAK_ANYWHERE }}>
        {fillPassText(field.label, PASS_SAMPLE_VALUES[kind])}
      </Text>
      <Text size={large ? '1.6rem' : 'sm'} fw={large ? 400 : 500} style={BREAK_ANYWHERE}>
        {fillPassText(field.value, PASS_SAMPLE_VALUES[kind])}
      </Text>
    </Box>
  );
}

function FieldRow({ fields, draft }: { fields: PassField[]; draft: DesignDraft }) {
  if (fields.length === 0) return null;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      {fields.map((field, index) => (
        <FieldView
          key={index}
          field={field}
          kind={draft.kind}
          labelColor={draft.label_color}
          align={index > 0 && index === fields.length - 1 ? 'right' : 'left'}
        />
      ))}
    </Group>
  );
}

function Front({ draft, images }: { draft: DesignDraft; images: Record<string, string> }) {
  const image = (blobId: string | null) => (blobId === null ? undefined : images[blobId]);
  const logo = image(draft.logo_blob_id);
  const strip = image(draft.strip_blob_id);
  return (
    <Stack gap="sm" style={{ flex: 1 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {logo && <Image src={logo} alt="" h={32} w="auto" fit="contain" />}
          <Text fw={600} style={BREAK_ANYWHERE}>
            {fillPassText(draft.logo_text, PASS_SAMPLE_VALUES[draft.kind])}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {draft.header_fields.map((field, index) => (
            <FieldView key={index} field={field} kind={draft.kind} labelColor={draft.label_color} align="right" />
          ))}
        </Group>
      </Group>
      {strip && <Image src={strip} alt="" h={100} fit="cover" radius="sm" />}
      {draft.primary_fields.map((field, index) => (
        <FieldView key={index} field={field} kind={draft.kind} labelColor={draft.label_color} large />
      ))}
      {/* A store card's or coupon's secondary and auxiliary fields share one row (four at most between them); a ticket has a row for each. */}
      {APPLE_PASS_STYLE[draft.kind] === 'eventTicket' ? (
        <>
          <FieldRow fields={draft.secondary_fields} draft={draft} />
          <FieldRow fields={draft.auxiliary_fields} draft={draft} />
        </>
      ) : (
        <FieldRow fields={[...draft.secondary_fields, ...draft.auxiliary_fields]} draft={draft} />
      )}
      {/* At the foot of the pass on a white card, its text inside the card, as Apple Wallet draws it. */}
      <Stack gap={2} align="center" mt="auto" p={6} style={{ alignSelf: 'center', backgroundColor: '#ffffff', color: '#000000', borderRadius: 8 }}>
        <PassBarcode format={draft.barcode_format} message={SAMPLE_BARCODE[draft.kind]} />
        {draft.barcode_alt_text && <Text size="xs">{SAMPLE_BARCODE[draft.kind]}</Text>}
      </Stack>
    </Stack>
  );
}

function Back({ draft }: { draft: DesignDraft }) {
  if (draft.back_fields.length === 0) return <Text size="sm">Nothing on the back yet: add back fields for terms, opening hours or contact details.</Text>;
  return (
    <Stack gap="sm">
      {draft.back_fields.map((field, index) => (
        <Box key={index}>
          <Text size="xs" fw={600} style={BREAK_ANYWHERE}>
            {fillPassText(field.label, PASS_SAMPLE_VALUES[draft.kind])}
          </Text>
          <Text size="sm" style={{ ...BREAK_ANYWHERE, whiteSpace: 'pre-wrap' }}>
            {fillPassText(field.value, PASS_SAMPLE_VALUES[draft.kind])}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The pass as a wallet would show it, drawn from the form as it is typed, its `{{fields}}` filled
 * with PASS_SAMPLE_VALUES. The back is drawn in the wallets' own colours (white, dark text), as they do.
 */
export function PassPreview({ draft, orgId }: { draft: DesignDraft; orgId: string }) {
  const [side, setSide] = useState<'front' | 'back'>('front');
  const blobIds = [draft.logo_blob_id, draft.strip_blob_id].filter((blobId): blobId is string => blobId !== null);
  const images = useUploadedImageUrls(orgId, blobIds);
  const sideButton = (which: 'front' | 'back', label: string) => (
    <Button size="xs" variant={side === which ? 'filled' : 'default'} aria-pressed={side === which} onClick={() => setSide(which)}>
      {label}
    </Button>
  );
  return (
    <Stack component="section" aria-label="Pass preview" gap="sm" style={{ maxWidth: 340, width: '100%' }}>
      <Group gap="xs">
        {sideButton('front', 'Front')}
        {sideButton('back', 'Back')}
      </Group>
      <Box
        p="md"
        data-testid="pass-face"
        style={
          side === 'front'
            ? // A wallet's card is about 320 × 420 points: taller content makes it taller, as on the phone.
              { backgroundColor: draft.background_color, color: draft.foreground_color, borderRadius: 12, aspectRatio: '320 / 420', display: 'flex' }
            : { backgroundColor: '#ffffff', color: '#1f2937', borderRadius: 12, border: '1px solid var(--mantine-color-default-border)' }
        }
      >
        {side === 'front' ? <Front draft={draft} images={images} /> : <Back draft={draft} />}
      </Box>
    </Stack>
  );
}
