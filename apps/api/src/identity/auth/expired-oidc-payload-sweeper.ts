import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger, SqlClient } from '@qr/platform';
import { LOGGER, SQL_CLIENT } from '../../infrastructure';

const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Deletes sessions, interactions, codes and tokens past their expiry once an hour. The adapter
 * already ignores them; this keeps the table from growing with every sign-in.
 */
@Injectable()
export class ExpiredOidcPayloadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_HOUR).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      await this.db.query('DELETE FROM oidc_payloads WHERE expires_at <= now()');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not delete expired sign-in sessions; will try again in an hour');
    }
  }
}
