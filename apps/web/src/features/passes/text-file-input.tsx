import { Button, FileButton, Stack, Textarea } from '@mantine/core';
import { useRef } from 'react';

/**
 * A certificate, key or JSON key pasted or read from its file: either way it is text, sent as
 * typed, so the server's check names the same part the person looked at.
 */
export function TextFileInput({
  label,
  accept,
  value,
  error,
  onChange,
}: {
  label: string;
  accept: string;
  value: string;
  error?: string;
  onChange(text: string): void;
}) {
  // Browsers fire no change for the file already picked: cleared, the same file can be read again.
  const clearPicked = useRef<() => void>(null);
  const pick = (file: File | null) => {
    clearPicked.current?.();
    if (file) void file.text().then(onChange);
  };
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        autosize
        minRows={3}
        maxRows={8}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <FileButton accept={accept} resetRef={clearPicked} onChange={pick}>
        {(props) => (
          <Button size="xs" variant="default" style={{ alignSelf: 'flex-start' }} {...props} aria-label={`Read from a file: ${label}`}>
            Read from a file
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
