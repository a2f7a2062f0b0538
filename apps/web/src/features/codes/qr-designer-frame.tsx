import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { contrastRatio, QrFrame, type QrDesign } from '@qr/contracts';
import { DesignColourInput } from './qr-designer-inputs';

type Frame = NonNullable<QrDesign['frame']>;

const FRAME_TEXT = QrFrame.shape.text;
const FRAME_TEXT_MAX = FRAME_TEXT.maxLength!;

/** Below 3:1, WCAG's least contrast for large text, the call to action is hard to read. */
const READABLE_CONTRAST = 3;

/** The frame's call to action: its text, style and colours, warned about when the text would not stand out. */
export function FrameFields({ frame, onChange }: { frame: Frame; onChange: (frame: Frame) => void }) {
  const set = <K extends keyof Frame>(key: K, value: Frame[K]) => onChange({ ...frame, [key]: value });
  const contrast = contrastRatio(frame.colour, frame.text_colour);
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label="Frame text"
          description={`${frame.text.length} of ${FRAME_TEXT_MAX} characters`}
          maxLength={FRAME_TEXT_MAX}
          value={frame.text}
          error={FRAME_TEXT.safeParse(frame.text).error?.issues[0]?.message}
          onChange={(event) => set('text', event.currentTarget.value)}
        />
        <Select
          label="Frame style"
          data={[
            { value: 'banner', label: 'Banner' },
            { value: 'box', label: 'Box' },
          ]}
          value={frame.style}
          allowDeselect={false}
          onChange={(style) => (style === 'banner' || style === 'box') && set('style', style)}
        />
      </Group>
      <Group grow align="flex-start">
        <DesignColourInput label="Frame colour" value={frame.colour} onChange={(colour) => set('colour', colour)} />
        <DesignColourInput label="Text colour" value={frame.text_colour} onChange={(colour) => set('text_colour', colour)} />
      </Group>
      {contrast < READABLE_CONTRAST && (
        <Alert color="yellow">
          The call to action is hard to read on this frame colour: its contrast is {contrast.toFixed(1)}:1, and text reads well from {READABLE_CONTRAST}:1.
        </Alert>
      )}
    </Stack>
  );
}
