import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Button, Card, Flex, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnalyticsPeriod, type AnalyticsRange, type AnalyticsView } from '@qr/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/api-problem';
import { analyticsApi, analyticsKeys, type AnalyticsScope } from './analytics-api';
import { ChartCard } from './analytics-chart-card';
import { breakdownLabel, breakdownRows, BREAKDOWN_TITLES, BREAKDOWNS, formatBucket, formatCount, WEEKDAYS } from './analytics-format';
import { AnalyticsPeriodPicker, DEFAULT_ANALYTICS_PERIOD, periodLabel } from './analytics-period-picker';
import { AnalyticsTotalsGrid, changeOf, FIGURES } from './analytics-totals';
import { BreakdownTable } from './breakdown-table';
import { ScanHeatmap } from './scan-heatmap';

/** The period lives in the address (`?period=7day`), so a reload or a shared link shows the same report. */
function usePeriod(): [AnalyticsPeriod, (period: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = AnalyticsPeriod.safeParse(params.get('period'));
  const setPeriod = (period: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (period === DEFAULT_ANALYTICS_PERIOD) next.delete('period');
        else next.set('period', period);
        return next;
      },
      { replace: true },
    );
  return [parsed.success ? parsed.data : DEFAULT_ANALYTICS_PERIOD, setPeriod];
}

/** No scans in the period: say why the page is empty and how to fill it, instead of drawing empty charts. */
function NoScansYet({ scope, period, onAllTime }: { scope: AnalyticsScope; period: AnalyticsPeriod; onAllTime: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs" maw={640}>
        <Title order={2} size="h4">
          No scans {period === 'all' ? 'yet' : `in “${periodLabel(period)}”`}
        </Title>
        <Text size="sm">
          A scan is counted each time someone opens {scope.codeId ? 'this code' : 'one of your codes'}, by pointing a phone camera at the printed QR or by
          following its shared link. Try it now: scan the QR shown on {scope.codeId ? 'the code’s page' : 'a code’s page'} with your phone, and it appears here
          within seconds.
        </Text>
        <Group gap="sm" mt="xs">
          {period !== 'all' && (
            <Button variant="light" onClick={onAllTime}>
              Show all time
            </Button>
          )}
          <Button variant="default" component={Link} to={scope.codeId ? `/admin/my-codes/show/${encodeURIComponent(scope.codeId)}` : '/admin/create-qr-code'}>
            {scope.codeId ? 'Show the QR code' : 'Create a QR code'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Figures({ view, scopeName }: { view: AnalyticsView; scopeName: string }) {
  const subject = { scope: scopeName, period: view.period };
  const { bucket, series, time_zone: timeZone } = view;
  const chartData = series.map((point) => ({
    when: formatBucket(point.start, bucket, timeZone),
    Scans: point.scans,
    'Unique visitors': point.unique_visitors,
    Submissions: point.submissions,
    Votes: point.votes,
    Uploads: point.uploads,
    Plays: point.plays,
  }));
  return (
    <>
      <ChartCard
        title="Scans over time"
        description={`Per ${bucket}, ${timeZone}`}
        subject={subject}
        data={() => ({
          header: ['start', 'scans', 'unique_visitors', 'submissions', 'votes', 'uploads', 'plays'],
          rows: series.map((point) => [point.start, point.scans, point.unique_visitors, point.submissions, point.votes, point.uploads, point.plays]),
        })}
      >
        <AreaChart
          h={260}
          data={chartData}
          dataKey="when"
          series={[
            { name: 'Scans', color: 'blue.6' },
            { name: 'Unique visitors', color: 'teal.6' },
            { name: 'Submissions', color: 'orange.6' },
            { name: 'Votes', color: 'grape.6' },
            { name: 'Uploads', color: 'pink.6' },
            { name: 'Plays', color: 'indigo.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="x"
          gridAxis="y"
          // html-to-image copies the chart as it is drawn; an animation caught halfway would be saved half-drawn.
          areaProps={{ isAnimationActive: false }}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {BREAKDOWNS.map((name) => (
          <ChartCard
            key={name}
            title={BREAKDOWN_TITLES[name].title}
            subject={subject}
            data={() => ({
              header: [BREAKDOWN_TITLES[name].column.toLowerCase(), 'scans'],
              rows: breakdownRows(view, name).map((row) => [breakdownLabel(name, row.value), row.count]),
            })}
          >
            <BreakdownTable name={name} rows={breakdownRows(view, name)} total={view.totals.scans} />
          </ChartCard>
        ))}
      </SimpleGrid>
      <ChartCard
        title="Scans by weekday and hour"
        description={`Hours in ${timeZone}`}
        subject={subject}
        data={() => ({
          header: ['weekday', 'hour', 'scans'],
          rows: view.heatmap.map((cell) => [WEEKDAYS[cell.weekday - 1] ?? String(cell.weekday), cell.hour, cell.scans]),
        })}
      >
        <ScanHeatmap cells={view.heatmap} />
      </ChartCard>
      <ChartCard
        title="Custom events"
        description="Events your pages send, such as button clicks"
        subject={subject}
        data={() => ({ header: ['event', 'count'], rows: view.events.map((event) => [event.name, event.count]) })}
      >
        {view.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            No custom events in this period.
          </Text>
        ) : (
          <Table aria-label="Custom events" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th ta="right">Count</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.events.map((event) => (
                <Table.Tr key={event.name}>
                  <Table.Td>{event.name}</Table.Td>
                  <Table.Td ta="right">{event.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ChartCard>
    </>
  );
}

const rangeFormat = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** `from` included, `to` excluded, in the organization's zone. */
function describeRange({ from, to }: AnalyticsRange, timeZone: string): string {
  const format = (instant: string) => new Date(instant).toLocaleString('en-GB', { ...rangeFormat, timeZone });
  return `${format(from)} – ${format(to)}`;
}

/**
 * One analytics report: the period picker (plus any `controls` the screen adds), the totals and
 * every chart. `scopeName` names the downloads.
 */
export function AnalyticsReport({ scope, scopeName, title, controls }: { scope: AnalyticsScope; scopeName: string; title: ReactNode; controls?: ReactNode }) {
  const [period, setPeriod] = usePeriod();
  const report = useQuery({
    queryKey: analyticsKeys.report(scope, period),
    queryFn: () => analyticsApi.report(scope, period),
    enabled: scope.orgId !== '',
  });
  const view = report.data;
  return (
    <Stack gap="md">
      {/* On a phone the controls stack under the title, full width; from `sm` (600 px) up they sit beside it. */}
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="sm">
        {title}
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }} gap="sm">
          {controls}
          <AnalyticsPeriodPicker value={period} onChange={setPeriod} />
        </Flex>
      </Flex>
      {report.isError && (
        <Alert color="red" title="The analytics could not be loaded">
          {describeError(report.error)}
        </Alert>
      )}
      {report.isPending && !report.isError && <Text c="dimmed">Loading the analytics…</Text>}
      {view && (
        <>
          <Text size="sm" c="dimmed">
            {describeRange(view.range, view.time_zone)}
            {view.previous && ` · compared with ${describeRange(view.previous.range, view.time_zone)}`}
          </Text>
          <ChartCard
            title="Totals"
            subject={{ scope: scopeName, period: view.period }}
            data={() => ({
              header: ['figure', 'value', 'previous', 'change'],
              rows: FIGURES.map(({ label, read }) => {
                const before = view.previous ? read(view.previous.totals) : null;
                return [label, read(view.totals), before, before === null ? null : changeOf(read(view.totals), before)];
              }),
            })}
          >
            <AnalyticsTotalsGrid totals={view.totals} previous={view.previous?.totals ?? null} />
            {view.totals.bots > 0 && (
              <Text size="xs" c="dimmed" mt="xs">
                Not counted above: {formatCount(view.totals.bots)} {view.totals.bots === 1 ? 'visit' : 'visits'} by bots and link previews.
              </Text>
            )}
          </ChartCard>
          {view.totals.scans === 0 ? (
            <NoScansYet scope={scope} period={period} onAllTime={() => setPeriod('all')} />
          ) : (
            <Figures view={view} scopeName={scopeName} />
          )}
        </>
      )}
    </Stack>
  );
}
