import { Box, Button, Text, TextInput, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** How long the button reads “Copied” before it offers to copy again. */
const COPIED_FOR_MS = 2000;

/**
 * Copies `value` to the clipboard. Browsers give `navigator.clipboard` only to secure pages (https,
 * or localhost): a self-hosted server on plain http gets none, and Mantine's CopyButton then did
 * nothing and said nothing. Here a refusal is said, and the text is shown selected in a read-only
 * input to copy by hand. “Copied” goes through a polite live region too: a button's changed label
 * alone is not announced.
 */
export function CopyTextButton({
  value,
  label,
  variant,
  size,
}: {
  value: string;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  const byHand = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome === 'copied') {
      const timer = setTimeout(() => setOutcome('idle'), COPIED_FOR_MS);
      return () => clearTimeout(timer);
    }
    if (outcome === 'failed') {
      byHand.current?.focus();
      byHand.current?.select();
    }
    return undefined;
  }, [outcome]);

  const copy = async () => {
    try {
      // Undefined outside a secure context, so it throws here rather than being checked apart.
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    // A block, not a stack: the empty live region must take no room beside the inputs it is lined up with.
    <Box maw="100%">
      <Button variant={variant} size={size} onClick={() => void copy()}>
        {outcome === 'copied' ? 'Copied' : label}
      </Button>
      {/* Always in the page: a live region added together with its words is often not read out. */}
      <Box role="status">
        {outcome === 'copied' && <VisuallyHidden>Copied</VisuallyHidden>}
        {outcome === 'failed' && (
          <Text size="sm" c="red" mt={6}>
            This browser did not let the page copy. The text is selected below: copy it with Ctrl+C (⌘C on a Mac), or press and hold on a phone.
          </Text>
        )}
      </Box>
      {outcome === 'failed' && <TextInput ref={byHand} mt={6} label="Text to copy" value={value} readOnly onFocus={(event) => event.currentTarget.select()} />}
    </Box>
  );
}
