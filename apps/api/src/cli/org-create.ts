import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import pino from 'pino';
import { z } from 'zod';
import { CreateOrganizationBody, DomainError } from '@qr/contracts';
import { PostgresEventStore } from '@qr/eventstore';
import { DataDirLockedError, openDatabase, type Config, type Logger, type SqlClient } from '@qr/platform';
import { PROJECTIONS } from '@qr/projections-registry';
import { ProjectionRunner } from '@qr/projections-runner';
import { AppModule } from '../app.module';
import { NestPinoLogger } from '../http/nest-logger';
import { Accounts } from '../identity/auth/accounts';
import type { Caller } from '../identity/caller';
import { CreateOrganizationCommand, IssueApiKeyCommand } from '../identity/organization.handlers';

export interface OrgCreateInput {
  name: string;
  owner: string;
}

/** The one JSON line `org:create` prints. `password` is null when the owner's account existed already. */
export interface OrgCreateResult {
  org_id: string;
  owner_email: string;
  password: string | null;
  api_key: string;
}

export interface OrgCreateIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

export interface OrgCreateEnvironment {
  config: Config;
  /** Opens the database; openDatabase (DATABASE_URL, else the locked DATA_DIR) unless a test gives its own. */
  open?: (config: Config) => Promise<{ db: SqlClient; close(): Promise<void> }>;
  /** Where logs go; warnings and errors on stderr unless given. Never stdout, which holds the result. */
  logger?: Logger;
}

export const API_KEY_LABEL = 'cli';

const Email = z.email().max(254);

/** A strong random password: 18 bytes, 24 base64url characters. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

function stderrLogger(config: Config): Logger {
  const level = ['trace', 'debug', 'info'].includes(config.LOG_LEVEL) ? 'warn' : config.LOG_LEVEL;
  return pino(
    { level, base: { service: 'qr-platform-cli' }, redact: { paths: ['*.password', '*.token', '*.api_key'], censor: '[redacted]' } },
    pino.destination({ dest: 2, sync: true }),
  );
}

/**
 * `org:create`: the owner's local account (unless it exists), the organisation created as that
 * owner, and an owner-role API key, all through the application's own command handlers. Prints
 * one JSON line on stdout and returns the exit code: 0 done, 2 bad input, 1 refused or failed.
 */
export async function orgCreate(input: OrgCreateInput, env: OrgCreateEnvironment, io: OrgCreateIo): Promise<number> {
  const email = input.owner.trim().toLowerCase();
  if (!Email.safeParse(email).success) {
    io.stderr(`org:create: --owner must be a valid email address (got ${JSON.stringify(input.owner)}).`);
    return 2;
  }
  const body = CreateOrganizationBody.safeParse({ organization_name: input.name });
  if (!body.success) {
    io.stderr(`org:create: --name must be 1 to 120 characters (got ${JSON.stringify(input.name)}).`);
    return 2;
  }

  const logger = env.logger ?? stderrLogger(env.config);
  let opened: { db: SqlClient; close(): Promise<void> };
  try {
    opened = await (env.open ?? openDatabase)(env.config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.stderr(`org:create: ${error.message} Nothing was changed.`);
      return 1;
    }
    throw error;
  }

  const eventStore = new PostgresEventStore(opened.db);
  const projections = new ProjectionRunner(opened.db, eventStore, PROJECTIONS, logger);
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>> | undefined;
  try {
    await projections.start();
    app = await NestFactory.createApplicationContext(AppModule.with({ config: env.config, logger, db: opened.db, eventStore, projections }), {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });

    let password: string | null = generatePassword();
    try {
      await app.get(Accounts).signUp({ email, password, displayName: email.split('@')[0]! });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'email_taken')) throw error;
      password = null;
    }

    const caller: Caller = { kind: 'member', email };
    const commands = app.get(CommandBus);
    const org = await commands.execute(new CreateOrganizationCommand(caller, body.data));
    const key = await commands.execute(new IssueApiKeyCommand(caller, org.organization_id, { label: API_KEY_LABEL, role: 'owner' }));

    const result: OrgCreateResult = { org_id: org.organization_id, owner_email: email, password, api_key: key.api_key };
    io.stdout(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      io.stderr(`org:create: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await app?.close();
    await projections.stop();
    await opened.close();
  }
}
