import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import type { CsvCell } from './analytics-csv';
import { downloadCsv, downloadPng, type ExportSubject } from './analytics-exports';

export interface ChartData {
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

/** A titled card whose content can be saved as a PNG and whose data as CSV. */
export function ChartCard({
  title,
  description,
  subject,
  data,
  children,
}: {
  title: string;
  description?: string;
  subject: Omit<ExportSubject, 'chart'>;
  data: () => ChartData;
  children: ReactNode;
}) {
  const picture = useRef<HTMLElement>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const exportSubject = { ...subject, chart: title };
  const savePng = async () => {
    if (!picture.current) return;
    setSaving(true);
    setFailed(false);
    try {
      await downloadPng(exportSubject, picture.current);
    } catch {
      // html-to-image can fail on a browser that refuses to paint foreign SVG into a canvas; the data is still one click away.
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    // The whole card is the picture, so a saved PNG carries its title; the buttons leave themselves out.
    <Card ref={picture} withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <Group gap={4} data-export-hidden>
          <Button size="compact-xs" variant="subtle" loading={saving} onClick={() => void savePng()} aria-label={`Download ${title} as PNG`}>
            PNG
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              const { header, rows } = data();
              downloadCsv(exportSubject, header, rows);
            }}
            aria-label={`Download ${title} as CSV`}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {failed && (
        <Text size="xs" c="red" mb="xs" data-export-hidden>
          The picture could not be made; the CSV holds the same data.
        </Text>
      )}
      {children}
    </Card>
  );
}
