import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { AnalyticsTotals } from '@qr/contracts';
import { formatChange, formatCount, formatPercent } from './analytics-format';

/**
 * The figures in reading order: how each is read from the totals and how it is written. The
 * conversion rate is derived here (submissions per scan) rather than sent, so it can never
 * disagree with the two counts shown beside it.
 */
export const FIGURES: readonly { label: string; read: (totals: AnalyticsTotals) => number; format: (value: number) => string }[] = [
  { label: 'Scans', read: (totals) => totals.scans, format: formatCount },
  { label: 'Unique visitors', read: (totals) => totals.unique_visitors, format: formatCount },
  { label: 'Submissions', read: (totals) => totals.submissions, format: formatCount },
  { label: 'Conversion rate', read: (totals) => (totals.scans > 0 ? totals.submissions / totals.scans : 0), format: formatPercent },
  { label: 'Votes', read: (totals) => totals.votes, format: formatCount },
  { label: 'Uploads', read: (totals) => totals.uploads, format: formatCount },
  { label: 'Plays', read: (totals) => totals.plays, format: formatCount },
  { label: 'QR scans', read: (totals) => totals.qr_scans, format: formatCount },
  { label: 'Link visits', read: (totals) => totals.link_visits, format: formatCount },
];

/** The change as a fraction (0.25 = +25 %); null when there was nothing before to compare with. */
export function changeOf(value: number, previous: number): number | null {
  return previous === 0 ? null : (value - previous) / previous;
}

function changeColour(change: number | null): string {
  if (change === null || change === 0) return 'gray';
  return change > 0 ? 'teal' : 'red';
}

/** Each figure with the previous period's value and the change, so a number is never read without its context. */
export function AnalyticsTotalsGrid({ totals, previous }: { totals: AnalyticsTotals; previous: AnalyticsTotals | null }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {FIGURES.map(({ label, read, format }) => {
        const value = read(totals);
        const before = previous ? read(previous) : null;
        const change = before === null ? null : changeOf(value, before);
        return (
          <Paper key={label} withBorder radius="md" p="sm" role="group" aria-label={label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fz={26} fw={700} lh={1.3}>
              {format(value)}
            </Text>
            {before === null ? (
              <Text size="xs" c="dimmed">
                nothing before to compare
              </Text>
            ) : (
              <Group gap={4} wrap="wrap">
                <Badge size="sm" variant="light" color={changeColour(change)} style={{ flexShrink: 0, overflow: 'visible' }}>
                  {formatChange(change, value)}
                </Badge>
                <Text size="xs" c="dimmed">
                  previous {format(before)}
                </Text>
              </Group>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
