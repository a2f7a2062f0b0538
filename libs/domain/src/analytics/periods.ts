import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { MONTH_NAMES, type AnalyticsBucket, type AnalyticsPeriod, type MonthName } from '@qr/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** `from` included, `to` excluded. */
export interface TimeRange {
  from: Date;
  to: Date;
}

export interface PeriodWindow {
  range: TimeRange;
  /** The period before, shifted back by one period's length; null for `all`. */
  previous: TimeRange | null;
  bucket: AnalyticsBucket;
}

type WallUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

const HOUR_MS = 3_600_000;

/**
 * Calendar arithmetic happens on the wall clock of the organisation's zone, held as a UTC dayjs
 * (which has no daylight saving), then turned back into an instant in the zone. dayjs's own
 * arithmetic on zoned values keeps the starting offset, so "a day before" across a DST change would
 * land an hour off.
 */
const wallClock = (instant: Date, zone: string): Dayjs => dayjs.utc(dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm:ss.SSS'));
const instantOf = (wall: Dayjs, zone: string): Date => dayjs.tz(wall.format('YYYY-MM-DDTHH:mm:ss.SSS'), zone).toDate();

/** ISO weeks: a week starts on Monday. */
const startOfWeek = (wall: Dayjs): Dayjs => wall.startOf('day').subtract((wall.day() + 6) % 7, 'day');

const shiftBack = (instant: Date, zone: string, count: number, unit: WallUnit): Date =>
  unit === 'hour' ? new Date(instant.getTime() - count * HOUR_MS) : instantOf(wallClock(instant, zone).subtract(count, unit), zone);

interface PeriodShape {
  from: Date;
  to: Date;
  /** How far back the previous period lies. */
  back: { count: number; unit: WallUnit };
  bucket: AnalyticsBucket;
}

function monthPeriod(month: MonthName, wallNow: Dayjs, now: Date, zone: string): PeriodShape {
  const index = MONTH_NAMES.indexOf(month);
  // The latest such month that has begun: this year's if we are in it or past it, else last year's.
  const year = wallNow.month() >= index ? wallNow.year() : wallNow.year() - 1;
  const start = dayjs.utc(Date.UTC(year, index, 1));
  const end = instantOf(start.add(1, 'month'), zone);
  return { from: instantOf(start, zone), to: end < now ? end : now, back: { count: 1, unit: 'month' }, bucket: 'day' };
}

function shapeOf(period: Exclude<AnalyticsPeriod, 'all'>, now: Date, zone: string): PeriodShape {
  const wall = wallClock(now, zone);
  const today = wall.startOf('day');
  const lastDays = (days: number): PeriodShape => ({
    from: instantOf(today.subtract(days - 1, 'day'), zone),
    to: now,
    back: { count: days, unit: 'day' },
    bucket: 'day',
  });
  switch (period) {
    case '1day':
      return { from: instantOf(today, zone), to: now, back: { count: 1, unit: 'day' }, bucket: 'hour' };
    case '24hour': {
      // The current hour and the 23 before it: the rollups are hourly.
      const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
      return { from: new Date(hour - 23 * HOUR_MS), to: now, back: { count: 24, unit: 'hour' }, bucket: 'hour' };
    }
    case '-1day':
      return { from: instantOf(today.subtract(1, 'day'), zone), to: instantOf(today, zone), back: { count: 1, unit: 'day' }, bucket: 'hour' };
    case '1week':
      return { from: instantOf(startOfWeek(wall), zone), to: now, back: { count: 1, unit: 'week' }, bucket: 'day' };
    case '7day':
      return lastDays(7);
    case '1month':
      return { from: instantOf(wall.startOf('month'), zone), to: now, back: { count: 1, unit: 'month' }, bucket: 'day' };
    case '30day':
      return lastDays(30);
    case '90day':
      return lastDays(90);
    case '1year':
      return { from: instantOf(wall.startOf('year'), zone), to: now, back: { count: 1, unit: 'year' }, bucket: 'month' };
    default:
      return monthPeriod(period, wall, now, zone);
  }
}

/**
 * The time a period covers in an organisation's zone (spec §3), and the period before it to compare
 * with. A period still running ends now, and its previous period ends as long after its start
 * ("today so far" against "yesterday until this time"). `all` starts on the day of the first
 * activity (today without any).
 */
export function periodWindow(period: AnalyticsPeriod, now: Date, zone: string, firstActivity: Date | null = null): PeriodWindow {
  if (period === 'all') {
    const first = firstActivity && firstActivity < now ? firstActivity : now;
    return { range: { from: instantOf(wallClock(first, zone).startOf('day'), zone), to: now }, previous: null, bucket: 'month' };
  }
  const { from, to, back, bucket } = shapeOf(period, now, zone);
  return { range: { from, to }, previous: { from: shiftBack(from, zone, back.count, back.unit), to: shiftBack(to, zone, back.count, back.unit) }, bucket };
}

/** The start of every bucket that overlaps the range, in the zone: a chart shows empty buckets too. */
export function bucketStarts({ from, to }: TimeRange, bucket: AnalyticsBucket, zone: string): Date[] {
  const starts: Date[] = [];
  if (bucket === 'hour') {
    for (let hour = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS; hour < to.getTime(); hour += HOUR_MS) starts.push(new Date(hour));
    return starts;
  }
  for (let wall = wallClock(from, zone).startOf(bucket); ; wall = wall.add(1, bucket)) {
    const start = instantOf(wall, zone);
    if (start >= to) return starts;
    starts.push(start);
  }
}

/**
 * The hourly rollups' rows a range covers, as [first, end) hour starts: an hour counts when it
 * starts inside the range (in a zone half an hour off UTC, a local day therefore starts at the UTC
 * hour before it).
 */
export function rollupHours({ from, to }: TimeRange): [Date, Date] {
  const ceil = (date: Date) => new Date(Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS);
  return [ceil(from), ceil(to)];
}

/** Whether the zone is one the runtime knows (IANA names such as `Europe/Berlin`). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar period (a day, an ISO week, a month in the zone) that holds the instant: when it began and when the next begins. */
export function calendarPeriodOf(instant: Date, zone: string, unit: 'day' | 'week' | 'month'): TimeRange {
  const wall = wallClock(instant, zone);
  const start = unit === 'week' ? startOfWeek(wall) : wall.startOf(unit);
  return { from: instantOf(start, zone), to: instantOf(start.add(1, unit), zone) };
}
