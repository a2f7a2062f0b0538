import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { DomainError, NewPassword, PASSWORD_MIN_LENGTH } from '@qr/contracts';
import { accountStreamId, type AccountEvent } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { isUniqueViolation, type SqlClient } from '@qr/platform';
import { RequestValidationError } from '../../http/problem-details';
import { EVENT_STORE, SQL_CLIENT } from '../../infrastructure';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './password-hashing';

/** A local account as the rest of the app sees it: never with its password hash. */
export interface Account {
  /** The token `sub`: random, stable, never reused. */
  subject: string;
  email: string;
  displayName: string;
  createdAt: Date;
}

export { PASSWORD_MIN_LENGTH };
const MAX_FAILED_ATTEMPTS = 5;
const LOCKOUT_MINUTES = 15;

const SignUp = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Enter a valid email address' }),
  password: NewPassword,
  displayName: z.string().trim().min(1, { error: 'Enter your name' }).max(100, { error: 'Use at most 100 characters for your name' }),
});
export type SignUp = z.input<typeof SignUp>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AccountRow {
  subject: string;
  email: string;
  display_name: string;
  created_at: Date;
}

const ACCOUNT_COLUMNS = 'subject, email, display_name, created_at';

/**
 * Local accounts: sign-up, sign-in with lockout, lookup for the token claims, name and password
 * changes. The accounts table is the credential store; each change is also an event on the
 * account's stream (without the secret), so the account has a history like everything else.
 */
@Injectable()
export class Accounts {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async signUp(input: SignUp): Promise<Account> {
    const parsed = SignUp.safeParse({ ...input, email: normalizeEmail(input.email) });
    if (!parsed.success) throw new DomainError('validation_failed', parsed.error.issues[0]!.message);
    const { email, password, displayName } = parsed.data;
    const subject = randomUUID();
    let inserted: { rows: AccountRow[] };
    try {
      inserted = await this.db.query<AccountRow>(
        `INSERT INTO accounts (email, subject, password_hash, display_name) VALUES ($1, $2, $3, $4) RETURNING ${ACCOUNT_COLUMNS}`,
        [email, subject, await hashPassword(password), displayName],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'accounts_pkey')) throw new DomainError('email_taken', 'An account with this email exists');
      throw error;
    }
    await this.record(subject, { type: 'AccountRegistered', data: { email, display_name: displayName } });
    return toAccount(inserted.rows[0]!);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const { rows } = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = $1`, [normalizeEmail(email)]);
    return rows[0] && toAccount(rows[0]);
  }

  /** The name the sign-in service puts in new tokens; tokens already issued keep the old one until refreshed. */
  async changeDisplayName(email: string, displayName: string): Promise<Account> {
    const { rows } = await this.db.query<AccountRow>(
      `UPDATE accounts SET display_name = $2 WHERE email = $1 AND display_name IS DISTINCT FROM $2 RETURNING ${ACCOUNT_COLUMNS}`,
      [normalizeEmail(email), displayName],
    );
    // No row: no such account, or the name is unchanged, which records nothing (a retried save).
    if (!rows[0]) return this.existing(email);
    await this.record(rows[0].subject, { type: 'AccountProfileChanged', data: { display_name: displayName } });
    return toAccount(rows[0]);
  }

  /**
   * Checks the current password as a sign-in would, so wrong guesses here count towards the same
   * lockout; a wrong one is a field error, not a 401 that would look like an expired session.
   */
  async changePassword(email: string, currentPassword: string, newPassword: string): Promise<void> {
    const account = await this.existing(email);
    try {
      await this.signIn(email, currentPassword);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid_credentials') {
        throw new RequestValidationError([{ field: 'body.current_password', message: 'This is not your current password.' }]);
      }
      throw error;
    }
    await this.db.query('UPDATE accounts SET password_hash = $2 WHERE email = $1', [account.email, await hashPassword(newPassword)]);
    await this.record(account.subject, { type: 'AccountPasswordChanged', data: {} });
  }

  /**
   * A locked account answers `account_locked` before its password is looked at, so guessing on
   * stops teaching anything. Failures are counted in the database, atomically, so parallel guesses
   * cannot slip past the limit; the success path checks the lock again for the same reason.
   */
  async signIn(emailAsTyped: string, password: string): Promise<Account> {
    const email = normalizeEmail(emailAsTyped);
    const { rows } = await this.db.query<AccountRow & { password_hash: string; locked_minutes: number }>(
      `SELECT ${ACCOUNT_COLUMNS}, password_hash,
              CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()) / 60)::int ELSE 0 END AS locked_minutes
         FROM accounts WHERE email = $1`,
      [email],
    );
    const row = rows[0];
    if (!row) {
      await spendPasswordCheckTime(password);
      throw wrongEmailOrPassword();
    }
    if (row.locked_minutes > 0) throw locked(row.locked_minutes);
    if (!(await verifyPassword(row.password_hash, password))) {
      throw (await this.recordFailure(email)) ? locked(LOCKOUT_MINUTES) : wrongEmailOrPassword();
    }
    const cleared = await this.db.query(
      `UPDATE accounts SET failed_attempts = 0, locked_until = NULL
        WHERE email = $1 AND (locked_until IS NULL OR locked_until <= now()) RETURNING email`,
      [email],
    );
    if (cleared.rows.length === 0) throw locked(LOCKOUT_MINUTES);
    return toAccount(row);
  }

  async findBySubject(subject: string): Promise<Account | undefined> {
    if (!UUID.test(subject)) return undefined;
    const { rows } = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE subject = $1`, [subject]);
    return rows[0] && toAccount(rows[0]);
  }

  private async existing(email: string): Promise<Account> {
    const account = await this.findByEmail(email);
    if (!account) throw new DomainError('not_found', 'No local account for this user: the external sign-in service keeps it.');
    return account;
  }

  /** Account streams have one writer per change and no invariant across events, so the append expects 'any'. */
  private async record(subject: string, event: AccountEvent): Promise<void> {
    await this.events.append({ streamId: accountStreamId(subject), expectedVersion: 'any', events: [{ ...event, metadata: { actor: subject } }] });
  }

  /** Counts one failure; the one that reaches the limit locks the account and restarts the count. Returns whether it is now locked. */
  private async recordFailure(email: string): Promise<boolean> {
    const { rows } = await this.db.query<{ locked: boolean }>(
      `UPDATE accounts SET
          failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
          locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(mins => $3::int) ELSE locked_until END
        WHERE email = $1
        RETURNING coalesce(locked_until > now(), false) AS locked`,
      [email, MAX_FAILED_ATTEMPTS, LOCKOUT_MINUTES],
    );
    return rows[0]?.locked ?? false;
  }
}

/** One address is one account however it is typed. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAccount(row: AccountRow): Account {
  return { subject: row.subject, email: row.email, displayName: row.display_name, createdAt: new Date(row.created_at) };
}

function wrongEmailOrPassword(): DomainError {
  return new DomainError('invalid_credentials', 'Wrong email or password');
}

function locked(minutes: number): DomainError {
  return new DomainError('account_locked', `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    retryAfterMinutes: minutes,
  });
}
