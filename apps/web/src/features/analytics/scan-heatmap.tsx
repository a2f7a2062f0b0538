import { Box, Group, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import type { AnalyticsHeatmapCell } from '@qr/contracts';
import { formatCount, WEEKDAYS } from './analytics-format';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Never fully transparent: an hour without scans still shows as a cell of the grid. */
function cellColour(share: number): string {
  return share === 0
    ? 'var(--mantine-color-default-border)'
    : `color-mix(in srgb, var(--mantine-primary-color-filled) ${Math.round(20 + 80 * share)}%, transparent)`;
}

const swatch = (share: number) => <Box key={share} w={14} h={14} style={{ borderRadius: 3, background: cellColour(share) }} />;

/** Scans per weekday (rows, Monday first) and hour (columns), as a table so screen readers can walk it; missing cells are hours without scans. */
export function ScanHeatmap({ cells }: { cells: readonly AnalyticsHeatmapCell[] }) {
  const scans = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.scans]));
  const busiest = Math.max(1, ...cells.map((cell) => cell.scans));
  return (
    // Focusable: on a phone the grid scrolls sideways, and keyboard users need to reach that too.
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <table
        aria-label="Scans by weekday and hour"
        style={{ borderCollapse: 'separate', borderSpacing: 2, minWidth: 560, width: '100%', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            <th style={{ width: 40 }}>
              <VisuallyHidden>Day</VisuallyHidden>
            </th>
            {HOURS.map((hour) => {
              // Every hour is a column header for screen readers; only every third one is printed, for room.
              const name = `${String(hour).padStart(2, '0')}:00`;
              return (
                <Text component="th" key={hour} size="10px" c="dimmed" fw={400} scope="col">
                  {hour % 3 === 0 ? String(hour).padStart(2, '0') : <VisuallyHidden>{name}</VisuallyHidden>}
                </Text>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((weekday, index) => (
            <tr key={weekday}>
              <Text component="th" scope="row" size="xs" c="dimmed" fw={400} ta="left" pr={6} title={weekday}>
                {weekday.slice(0, 3)}
              </Text>
              {HOURS.map((hour) => {
                const value = scans.get(`${index + 1}:${hour}`) ?? 0;
                const label = `${weekday} ${String(hour).padStart(2, '0')}:00: ${formatCount(value)} scans`;
                return (
                  <Box component="td" key={hour} title={label} aria-label={label} h={18} style={{ borderRadius: 3, background: cellColour(value / busiest) }} />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Group gap={4} mt="xs" aria-hidden>
        <Text size="xs" c="dimmed" mr={4}>
          none
        </Text>
        {[0, 0.25, 0.5, 0.75, 1].map(swatch)}
        <Text size="xs" c="dimmed" ml={4}>
          busiest hour, {formatCount(busiest)} scans
        </Text>
      </Group>
    </ScrollArea>
  );
}
