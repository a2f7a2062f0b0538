import { NativeSelect } from '@mantine/core';
import { ANALYTICS_PERIODS, AnalyticsPeriod, MONTH_NAMES, type MonthName } from '@qr/contracts';

/** Spec §3 "Analytics period choices": the labels of the values that are not month names, in the spec's words. */
const LABELS = {
  '1day': 'Today',
  '24hour': 'Last 24 hour',
  '-1day': 'Yesterday',
  '1week': 'This week',
  '7day': 'Last 7 days',
  '1month': 'This month',
  '30day': 'Last 30 days',
  '90day': 'Last 90 days',
  '1year': 'This year',
  all: 'All time',
} as const satisfies Record<Exclude<AnalyticsPeriod, MonthName>, string>;

/** Spec §9 does not name a default; the issue does: the last 30 days. */
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30day';

const isMonth = (period: AnalyticsPeriod): period is MonthName => (MONTH_NAMES as readonly string[]).includes(period);

/** A month is labelled by its name in lowercase, as the spec writes it. */
export const periodLabel = (period: AnalyticsPeriod): string => (isMonth(period) ? period : LABELS[period]);

/** In the contract's order, which is the spec's. */
export const PERIOD_CHOICES = ANALYTICS_PERIODS.map((value) => ({ value, label: periodLabel(value) }));

export function AnalyticsPeriodPicker({ value, onChange }: { value: AnalyticsPeriod; onChange: (period: AnalyticsPeriod) => void }) {
  return (
    <NativeSelect
      label="Period"
      value={value}
      onChange={(event) => {
        const chosen = AnalyticsPeriod.safeParse(event.currentTarget.value);
        if (chosen.success) onChange(chosen.data);
      }}
      data={PERIOD_CHOICES}
      w={{ sm: 200 }}
    />
  );
}
