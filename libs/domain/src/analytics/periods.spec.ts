import { bucketStarts, periodWindow } from './periods';

const iso = (date: Date) => date.toISOString();
const windowOf = (period: Parameters<typeof periodWindow>[0], now: string, zone: string) => {
  const { range, previous, bucket } = periodWindow(period, new Date(now), zone);
  return { from: iso(range.from), to: iso(range.to), previous: previous && [iso(previous.from), iso(previous.to)], bucket };
};

describe('analytics periods, cut in the organisation’s time zone', () => {
  // Wednesday 25 November 2026, 01:30 in Berlin (UTC+1): still Tuesday in UTC.
  const now = '2026-11-25T00:30:00.250Z';
  const berlin = 'Europe/Berlin';

  it('today starts at local midnight and compares with yesterday until the same time', () => {
    expect(windowOf('1day', now, berlin)).toEqual({
      from: '2026-11-24T23:00:00.000Z',
      to: now,
      previous: ['2026-11-23T23:00:00.000Z', '2026-11-24T00:30:00.250Z'],
      bucket: 'hour',
    });
  });

  it('yesterday is the whole previous local day, against the day before', () => {
    expect(windowOf('-1day', now, berlin)).toEqual({
      from: '2026-11-23T23:00:00.000Z',
      to: '2026-11-24T23:00:00.000Z',
      previous: ['2026-11-22T23:00:00.000Z', '2026-11-23T23:00:00.000Z'],
      bucket: 'hour',
    });
  });

  it('the last 24 hours are the current hour and the 23 before it', () => {
    expect(windowOf('24hour', now, berlin)).toEqual({
      from: '2026-11-24T01:00:00.000Z',
      to: now,
      previous: ['2026-11-23T01:00:00.000Z', '2026-11-24T00:30:00.250Z'],
      bucket: 'hour',
    });
  });

  it('this week starts on Monday', () => {
    expect(windowOf('1week', now, berlin).from).toBe('2026-11-22T23:00:00.000Z');
    expect(windowOf('1week', now, berlin).previous![0]).toBe('2026-11-15T23:00:00.000Z');
  });

  it('the last 7, 30 and 90 days include today', () => {
    expect(windowOf('7day', now, berlin)).toMatchObject({
      from: '2026-11-18T23:00:00.000Z',
      previous: ['2026-11-11T23:00:00.000Z', '2026-11-18T00:30:00.250Z'],
      bucket: 'day',
    });
    expect(windowOf('30day', now, berlin).from).toBe('2026-10-26T23:00:00.000Z');
    // 90 days back crosses the end of summer time: local midnight then was 22:00 UTC.
    expect(windowOf('90day', now, berlin).from).toBe('2026-08-27T22:00:00.000Z');
  });

  it('this month and this year start on the first, in local time', () => {
    expect(windowOf('1month', now, berlin)).toMatchObject({
      from: '2026-10-31T23:00:00.000Z',
      previous: ['2026-09-30T22:00:00.000Z', '2026-10-24T23:30:00.250Z'],
    }); // 01:30 on the day summer time ends
    expect(windowOf('1year', now, berlin)).toMatchObject({
      from: '2025-12-31T23:00:00.000Z',
      bucket: 'month',
      previous: ['2024-12-31T23:00:00.000Z', '2025-11-25T00:30:00.250Z'],
    });
  });

  it('a month name is the latest such month that has begun', () => {
    expect(windowOf('march', now, berlin)).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
      previous: ['2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z'],
      bucket: 'day',
    });
    expect(windowOf('december', now, berlin)).toMatchObject({ from: '2025-11-30T23:00:00.000Z', to: '2025-12-31T23:00:00.000Z' });
    // In Berlin it is already the 25th of November; the month that began ends now.
    expect(windowOf('november', now, berlin)).toMatchObject({ from: '2026-10-31T23:00:00.000Z', to: now });
    // Where it is still October 31st, November has not begun: last year's.
    expect(windowOf('november', '2026-11-01T03:00:00.000Z', 'America/Los_Angeles')).toMatchObject({
      from: '2025-11-01T07:00:00.000Z',
      to: '2025-12-01T08:00:00.000Z',
    });
  });

  it('all time starts on the day of the first activity and has nothing before it', () => {
    const { range, previous, bucket } = periodWindow('all', new Date(now), 'UTC', new Date('2025-06-15T13:14:00Z'));
    expect([iso(range.from), iso(range.to), previous, bucket]).toEqual(['2025-06-15T00:00:00.000Z', now, null, 'month']);
    expect(iso(periodWindow('all', new Date(now), 'UTC').range.from)).toBe('2026-11-25T00:00:00.000Z');
  });

  it('a day of a spring-forward change has 23 hourly buckets and days start at local midnight', () => {
    const yesterday = periodWindow('-1day', new Date('2026-03-30T10:00:00Z'), berlin);
    expect(bucketStarts(yesterday.range, 'hour', berlin)).toHaveLength(23);
    const days = bucketStarts({ from: new Date('2026-03-28T23:00:00Z'), to: new Date('2026-03-31T00:00:00Z') }, 'day', berlin).map(iso);
    expect(days).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z']);
    expect(bucketStarts({ from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-03-02T00:00:00Z') }, 'month', berlin).map(iso)).toEqual([
      '2025-12-31T23:00:00.000Z',
      '2026-01-31T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
    ]);
  });
});
