import { Progress, Table, Text, UnstyledButton } from '@mantine/core';
import type { AnalyticsBreakdownRow } from '@qr/contracts';
import { useMemo, useState } from 'react';
import { breakdownLabel, BREAKDOWN_TITLES, formatCount, formatPercent, type BreakdownName } from './analytics-format';

export type BreakdownSort = { by: 'value' | 'scans'; descending: boolean };

export function sortBreakdown(rows: readonly AnalyticsBreakdownRow[], name: BreakdownName, sort: BreakdownSort): AnalyticsBreakdownRow[] {
  const direction = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) =>
    sort.by === 'scans'
      ? direction * (a.count - b.count) || breakdownLabel(name, a.value).localeCompare(breakdownLabel(name, b.value))
      : direction * breakdownLabel(name, a.value).localeCompare(breakdownLabel(name, b.value)),
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: BreakdownSort['by'];
  sort: BreakdownSort;
  onSort: (sort: BreakdownSort) => void;
}) {
  const active = sort.by === column;
  return (
    <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'} ta={column === 'scans' ? 'right' : undefined}>
      {/* A first click sorts scans high to low and names A to Z, what people look for first. */}
      <UnstyledButton fw={600} fz="sm" onClick={() => onSort({ by: column, descending: active ? !sort.descending : column === 'scans' })}>
        {label} <span aria-hidden>{active ? (sort.descending ? '↓' : '↑') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One breakdown, most scans first; either column header sorts by it. */
export function BreakdownTable({ name, rows, total }: { name: BreakdownName; rows: readonly AnalyticsBreakdownRow[]; total: number }) {
  const [sort, setSort] = useState<BreakdownSort>({ by: 'scans', descending: true });
  const sorted = useMemo(() => sortBreakdown(rows, name, sort), [rows, name, sort]);
  const { title, column } = BREAKDOWN_TITLES[name];
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nothing recorded in this period.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={260} maxHeight={320}>
      <Table aria-label={title} verticalSpacing={6} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={column} column="value" sort={sort} onSort={setSort} />
            <SortHeader label="Scans" column="scans" sort={sort} onSort={setSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={row.value ?? ''}>
              <Table.Td>
                <Text size="sm" lineClamp={1} title={row.value ?? undefined}>
                  {breakdownLabel(name, row.value)}
                </Text>
                <Progress value={total > 0 ? (row.count / total) * 100 : 0} size={3} mt={2} aria-hidden />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCount(row.count)}
                <Text span size="xs" c="dimmed" ml={6}>
                  {total > 0 ? formatPercent(row.count / total) : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
