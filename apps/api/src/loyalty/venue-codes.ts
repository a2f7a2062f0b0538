import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { lazyServerSecret, type SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'loyalty_venue_codes';
/** 50 bits in base32: no one guesses today's code, and a phone's camera reads it in a small QR. */
const CODE_LENGTH = 10;
/** Yesterday's code still earns this long after midnight: a visitor who scanned at 23:59 is not refused for the clock. */
const GRACE_MS = 10 * 60_000;
const BASE32 = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; a formatter is costly to make, so one per zone is kept. */
function dayIn(at: Date, timeZone: string): string {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendars.set(timeZone, calendar);
  }
  return calendar.format(at);
}

/** Codes held at once (programme and day): past it the lot is dropped and made again as asked. */
const MAX_HELD_CODES = 10_000;

/** The first instant of the next day in the time zone: found by stepping, since zones move their midnight. */
function nextMidnight(at: Date, timeZone: string): Date {
  const today = dayIn(at, timeZone);
  let low = at.getTime();
  let high = low + 26 * 3600_000;
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2);
    if (dayIn(new Date(middle), timeZone) === today) low = middle;
    else high = middle;
  }
  return new Date(high - (high % 1000));
}

/**
 * The venue's rotating code (issue 54): an HMAC of the programme and the day in its time zone under
 * a server secret, shown on the counter's screen. It changes at midnight, so a photo of the code
 * taken today earns nothing from home tomorrow; nothing is written to the database.
 */
@Injectable()
export class VenueCodes {
  private readonly key: () => Promise<Buffer>;
  /** Each programme's code of a day, made once: a busy counter's scans would otherwise each cost an HMAC. */
  private readonly codes = new Map<string, string>();

  constructor(@Inject(SQL_CLIENT) db: SqlClient) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  async today(programmeId: string, timeZone: string, now = new Date()): Promise<{ venue_code: string; valid_until: string }> {
    return { venue_code: this.codeOf(await this.key(), programmeId, dayIn(now, timeZone)), valid_until: nextMidnight(now, timeZone).toISOString() };
  }

  /** Whether the code is today's, or yesterday's within the grace after midnight. */
  async check(programmeId: string, timeZone: string, code: string, now = new Date()): Promise<boolean> {
    const key = await this.key();
    const days = new Set([dayIn(now, timeZone), dayIn(new Date(now.getTime() - GRACE_MS), timeZone)]);
    const given = Buffer.from(code.trim().toUpperCase());
    return [...days].some((day) => {
      const expected = Buffer.from(this.codeOf(key, programmeId, day));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  private codeOf(key: Buffer, programmeId: string, day: string): string {
    const name = `${programmeId}\n${day}`;
    const held = this.codes.get(name);
    if (held !== undefined) return held;
    const digest = createHmac('sha256', key).update(name).digest();
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += BASE32[digest[i]! % BASE32.length];
    if (this.codes.size >= MAX_HELD_CODES) this.codes.clear();
    this.codes.set(name, code);
    return code;
  }
}
