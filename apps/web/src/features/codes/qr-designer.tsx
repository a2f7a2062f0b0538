import { Alert, Box, Group, Image, Input, Paper, Select, SimpleGrid, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { QR_DESIGNER_OFFERS, QrDesign, QrLogo, QrPixels } from '@qr/contracts';
import { useWiderThan } from '../../components/use-wider-than';
import { describeError, retryUnlessRefused } from '../../api/api-problem';
import { useOrganizationRecord } from '../organization';
import { ACCEPTED_IMAGES, ImageUploadButton } from '../uploads';
import { codeKeys, codesApi, svgSource } from './codes-api';
import { FrameFields } from './qr-designer-frame';
import { DesignColourInput, DesignNumberInput } from './qr-designer-inputs';
import { PresetPicker } from './qr-designer-presets';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** The styles offered, and a code saved before circle eyes were withdrawn keeps showing its own until changed. */
const eyeStyleOptions = (current: QrDesign['eye_style']) => [
  ...options(QR_DESIGNER_OFFERS.eye_style, { square: 'Square', rounded: 'Rounded' }),
  ...(current === 'circle' ? [{ value: 'circle', label: 'Circle (not read by every phone: choose another)' }] : []),
];

/** The live preview: drawn by the server with the same renderer and check the save uses. */
function DesignPreview({ design, orgId, refusal }: { design: QrDesign; orgId: string; refusal: string | null }) {
  const [settled] = useDebouncedValue(design, 300);
  const preview = useQuery({
    queryKey: codeKeys.preview(settled, orgId),
    queryFn: () => codesApi.preview(settled, orgId),
    placeholderData: (previous) => previous,
    // A refused design is refused again: retrying only kept the last design's image on screen for seconds.
    retry: retryUnlessRefused,
  });
  const check = preview.data?.check;
  const notPrinted = preview.data?.frame_text_not_printed ?? [];
  return (
    <Stack align="center" gap="xs">
      {preview.isError ? (
        <Alert color="red" title="The preview could not be drawn" w="100%">
          {describeError(preview.error)}
        </Alert>
      ) : preview.data ? (
        <Image src={svgSource(preview.data.svg)} alt="Preview of the QR code" w={240} h={240 * (design.height / design.width)} fit="contain" />
      ) : (
        <Text c="dimmed">Drawing the preview…</Text>
      )}
      {check?.ok && !refusal && !preview.isError && (
        <Text size="sm" c="teal">
          Scans fine.
        </Text>
      )}
      {(refusal ?? (check && !check.ok ? check.reason : null)) && (
        <Alert color="red" title="This design would not scan" w="100%">
          {refusal ?? (check && !check.ok ? check.reason : '')}
        </Alert>
      )}
      {notPrinted.length > 0 && (
        <Alert color="yellow" title="PNG and PDF files will show boxes" w="100%">
          Their fonts have no {notPrinted.join(' ')} for the frame’s text. The SVG download shows the text with the fonts of whatever opens it, as this preview
          does. The server’s administrator can add a font for these characters (FRAME_FONTS).
        </Alert>
      )}
    </Stack>
  );
}

const LOGO_SIZE = QrLogo.shape.size;
const LOGO_MIN = LOGO_SIZE.unwrap().minValue!;
const LOGO_MAX = LOGO_SIZE.unwrap().maxValue!;
const LOGO_DEFAULT = LOGO_SIZE.parse(undefined);
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A logo in the middle: uploaded to the organization, then sized; the server cuts the modules under it out. */
function LogoField({ logo, onChange }: { logo: QrDesign['logo']; onChange: (logo: QrDesign['logo']) => void }) {
  return (
    <Input.Wrapper label="Logo" description={`${ACCEPTED_IMAGES} With a logo the code uses the highest error correction, so it still scans.`}>
      <Stack gap={6} mt={4}>
        <ImageUploadButton
          what="logo"
          uploaded={logo !== null}
          onUploaded={(blob_id) => onChange({ blob_id, size: logo?.size ?? LOGO_DEFAULT })}
          onRemove={() => onChange(null)}
        />
        {logo && (
          <Stack gap={2}>
            <Text size="xs">Logo size: {percent(logo.size)} of the code’s width</Text>
            <Slider
              thumbLabel="Logo size"
              thumbValueText={percent}
              min={LOGO_MIN}
              max={LOGO_MAX}
              step={0.01}
              precision={2}
              value={logo.size}
              label={percent}
              onChange={(size) => onChange({ ...logo, size })}
            />
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** The QR designer (issue 4 "Design the QR"): presets, colours, gradient, shapes, eyes, frame, logo, size, with a live preview. */
export function QrDesigner({ design, onChange, refusal }: { design: QrDesign; onChange: (design: QrDesign) => void; refusal: string | null }) {
  const { record } = useOrganizationRecord();
  const set = <K extends keyof QrDesign>(key: K, value: QrDesign[K]) => onChange({ ...design, [key]: value });
  // In one column (a phone) the preview leads, so a preset's effect shows right where it is picked;
  // beside the controls it stays in view while they scroll (below the 56 px header and its padding).
  const twoColumns = useWiderThan('md');
  const preview = <DesignPreview design={design} orgId={record.org_id} refusal={refusal} />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="designer-title">
      <Title order={2} size="h4" id="designer-title" mb="sm">
        Design
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {!twoColumns && preview}
        <Stack gap="sm">
          <PresetPicker
            design={design}
            orgId={record.org_id}
            onPick={(preset) => onChange({ ...preset.design, width: design.width, height: design.height, logo: design.logo })}
          />
          <Group grow>
            <DesignColourInput label="Code colour" value={design.foreground} onChange={(value) => set('foreground', value)} />
            <DesignColourInput label="Background" value={design.background} onChange={(value) => set('background', value)} />
          </Group>
          <Switch
            label="Gradient"
            checked={design.gradient !== null}
            onChange={(event) => set('gradient', event.currentTarget.checked ? { type: 'linear', from: design.foreground, to: '#087f8c', rotation: 45 } : null)}
          />
          {/* Three in a row left a 375 px phone 90 px per colour field, cut to “#0”: two a row until a wide screen. */}
          {design.gradient && (
            <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
              <DesignColourInput label="From" value={design.gradient.from} onChange={(from) => set('gradient', { ...design.gradient!, from })} />
              <DesignColourInput label="To" value={design.gradient.to} onChange={(to) => set('gradient', { ...design.gradient!, to })} />
              <Select
                label="Kind"
                data={options(['linear', 'radial'] as const, { linear: 'Linear', radial: 'Radial' })}
                value={design.gradient.type}
                allowDeselect={false}
                onChange={(type) => type && set('gradient', { ...design.gradient!, type: type as 'linear' | 'radial' })}
              />
            </SimpleGrid>
          )}
          <Group grow>
            <Select
              label="Module shape"
              data={options(QR_DESIGNER_OFFERS.module_shape, { square: 'Square', dots: 'Dots', rounded: 'Rounded' })}
              value={design.module_shape}
              allowDeselect={false}
              onChange={(value) => value && set('module_shape', value as QrDesign['module_shape'])}
            />
            <Select
              label="Eye style"
              data={eyeStyleOptions(design.eye_style)}
              value={design.eye_style}
              allowDeselect={false}
              onChange={(value) => value && set('eye_style', value as QrDesign['eye_style'])}
            />
          </Group>
          <DesignColourInput
            label="Eye colour"
            description="Leave empty to paint the eyes like the rest."
            value={design.eye_colour ?? ''}
            optional
            onChange={(value) => set('eye_colour', value === '' ? null : value)}
          />
          <Switch
            label="Frame with a call to action"
            checked={design.frame !== null}
            onChange={(event) =>
              set('frame', event.currentTarget.checked ? { style: 'banner', text: 'Scan me', colour: '#000000', text_colour: '#ffffff' } : null)
            }
          />
          {design.frame && <FrameFields frame={design.frame} onChange={(frame) => set('frame', frame)} />}
          {/* Side by side on a phone, “Medium (15 %)” was cut and the two fields' labels wrapped out of line. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            {/* The server renders a code with a logo at H whatever is chosen; the choice is kept for when the logo goes. */}
            <Select
              label="Error correction"
              description={
                design.logo ? 'A logo needs the highest error correction, so the code still scans.' : 'Higher survives more damage, with denser codes.'
              }
              data={options(['L', 'M', 'Q', 'H'] as const, { L: 'Low (7 %)', M: 'Medium (15 %)', Q: 'Quartile (25 %)', H: 'High (30 %)' })}
              value={design.logo ? 'H' : design.error_correction}
              disabled={design.logo !== null}
              allowDeselect={false}
              onChange={(value) => value && set('error_correction', value as QrDesign['error_correction'])}
            />
            <DesignNumberInput
              label="Quiet zone (modules)"
              schema={QrDesign.shape.margin.unwrap().min(QR_DESIGNER_OFFERS.least_margin[design.frame?.style ?? 'none'])}
              value={design.margin}
              onChange={(margin) => set('margin', margin)}
            />
          </SimpleGrid>
          {/* A QR code is square: the contract keeps width and height (spec §3), and the one size sets both. */}
          <DesignNumberInput
            label="Size (px)"
            description="The side of the square image."
            schema={QrPixels}
            step={64}
            value={design.width}
            onChange={(size) => onChange({ ...design, width: size, height: size })}
          />
          <LogoField logo={design.logo} onChange={(logo) => set('logo', logo)} />
        </Stack>
        {twoColumns && (
          <Box pos="sticky" top={72} style={{ alignSelf: 'start' }}>
            {preview}
          </Box>
        )}
      </SimpleGrid>
    </Paper>
  );
}
