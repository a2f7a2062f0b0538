import { Button, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { describeError } from '../../api/api-problem';
import { saveFile } from '../codes';

/**
 * The Export CSV button of every export (customers, a promo campaign, a programme's members): the
 * file streams in with a progress bar and is saved under `fileName`; a failure is logged in spec
 * §8's words, and the user is told too.
 */
export function CsvExportButton({
  download,
  fileName,
  scope,
}: {
  download: (onProgress: (done: number) => void) => Promise<Blob>;
  fileName: () => string;
  /** What the file holds, said under the button. */
  scope?: string;
}) {
  const scopeId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const exportCsv = async () => {
    setProgress(0);
    try {
      saveFile(await download(setProgress), fileName());
    } catch (error) {
      console.error('Failed to export CSV', error);
      notifications.show({ color: 'red', title: 'Failed to export CSV', message: describeError(error) });
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={4} style={{ alignSelf: 'flex-start' }}>
      <Button
        disabled={progress !== null}
        loading={progress !== null}
        onClick={() => void exportCsv()}
        aria-describedby={scope === undefined ? undefined : scopeId}
      >
        Export CSV
      </Button>
      {scope !== undefined && (
        <Text size="xs" id={scopeId}>
          {scope}
        </Text>
      )}
      {progress !== null && <Progress value={Math.round(progress * 100)} aria-label="Export progress" />}
    </Stack>
  );
}
