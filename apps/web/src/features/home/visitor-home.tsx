import { Alert, Button, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { codeIdIn } from './code-address';

/** Opens the code as a scan would: the server answers `/{id}` with its target or its page. */
const openCode = (codeId: string) => window.location.assign(`/${codeId}`);

/** The alternate host's home: a visitor types the code under a QR, or takes a photo of the QR. */
export function VisitorHome() {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [reading, setReading] = useState(false);

  function open(event: FormEvent) {
    event.preventDefault();
    const codeId = codeIdIn(typed);
    if (codeId) openCode(codeId);
    else setError('That is not a code. A code is the 10 letters and digits printed under the QR, or its whole link.');
  }

  async function scan(photo: File | null) {
    if (!photo) return;
    setReading(true);
    setError(undefined);
    try {
      const { readQrCode } = await import('./qr-photo-reader');
      const text = await readQrCode(photo);
      const codeId = text && codeIdIn(text);
      if (codeId) return openCode(codeId);
      setError(
        text ? `That QR code is not one of ours: it says “${text}”.` : 'No QR code was found in the photo. Try again a little closer, or type the code.',
      );
    } catch {
      setError('The photo could not be read. Try again, or type the code.');
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
      <Title order={1}>Open a code</Title>
      <Text c="dimmed">Type the code printed under the QR, or scan the QR with your camera.</Text>
      <form onSubmit={open} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code"
            placeholder="AbCd123456"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoCapitalize="off"
            autoCorrect="off"
          />
          <Group>
            <Button type="submit">Open</Button>
            <FileButton onChange={(photo) => void scan(photo)} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} variant="light" loading={reading}>
                  Scan a QR code
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </form>
      {error && (
        <Alert color="orange" title="Not opened">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
