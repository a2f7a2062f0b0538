import { Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QR_DESIGN_PRESETS, type QrDesign, type QrDesignPreset } from '@qr/contracts';
import { retryUnlessRefused } from '../../api/api-problem';
import { codeKeys, codesApi, svgSource } from './codes-api';

const THUMBNAIL = 64;

/** What a preset sets: everything but the size and the logo, which stay as the person chose them. */
const lookOf = (design: QrDesign) => JSON.stringify({ ...design, width: 0, height: 0, logo: null });

/** The preset a design is, if it is one unchanged. */
const presetOf = (design: QrDesign) => QR_DESIGN_PRESETS.find((preset) => lookOf(preset.design) === lookOf(design)) ?? null;

/**
 * A preset drawn by the server's renderer, as the live preview is: the same query as the preview's,
 * so picking a preset shows its preview at once. Presets never change, so each is drawn once.
 */
function PresetThumbnail({ preset, orgId }: { preset: QrDesignPreset; orgId: string }) {
  const drawn = useQuery({
    queryKey: codeKeys.preview(preset.design, orgId),
    queryFn: () => codesApi.preview(preset.design, orgId),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });
  // The name beside it says what it is: the picture adds nothing for a screen reader.
  return drawn.data ? (
    <img src={svgSource(drawn.data.svg)} alt="" width={THUMBNAIL} height={THUMBNAIL} />
  ) : (
    <Skeleton w={THUMBNAIL} h={THUMBNAIL} animate={!drawn.isError} />
  );
}

/** The designer's presets as pictures of themselves, one chosen at a time like radio buttons (arrow keys move the choice). */
export function PresetPicker({ design, orgId, onPick }: { design: QrDesign; orgId: string; onPick: (preset: QrDesignPreset) => void }) {
  const chosen = presetOf(design);
  return (
    <Radio.Group
      label="Start from a preset"
      value={chosen?.id ?? null}
      onChange={(id) => {
        const preset = QR_DESIGN_PRESETS.find((candidate) => candidate.id === id);
        if (preset) onPick(preset);
      }}
    >
      <SimpleGrid cols={4} spacing={6} mt={4}>
        {QR_DESIGN_PRESETS.map((preset) => (
          <Radio.Card
            key={preset.id}
            value={preset.id}
            radius="sm"
            p={4}
            // Marked by more than colour: a thicker border and a bold name.
            style={preset.id === chosen?.id ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Stack gap={2} align="center">
              <PresetThumbnail preset={preset} orgId={orgId} />
              <Text size="xs" ta="center" lh={1.2} fw={preset.id === chosen?.id ? 700 : 400}>
                {preset.label}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
