import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HealthView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import type { ProjectionRunner } from '@qr/projections-runner';
import { APP_VERSION } from '../app-version';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

export class GetHealth extends Query<HealthView> {}

@QueryHandler(GetHealth)
export class GetHealthHandler implements IQueryHandler<GetHealth> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  async execute(): Promise<HealthView> {
    const database = { kind: this.db.kind, status: 'up' as const };
    try {
      await this.db.query('SELECT 1');
      const projections = (await this.projections.lag()).map(({ checkpoint: _checkpoint, ...lag }) => lag);
      return { status: 'ok', version: APP_VERSION, database, projections };
    } catch {
      return { status: 'degraded', version: APP_VERSION, database: { ...database, status: 'down' }, projections: [] };
    }
  }
}
