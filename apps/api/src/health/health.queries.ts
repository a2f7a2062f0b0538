import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HealthView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { partitionOffsets, type KafkaRelay, type ProjectionRunner } from '@qr/projections-runner';
import { APP_VERSION } from '../app-version';
import { KAFKA_RELAY, PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

export class GetHealth extends Query<HealthView> {}

@QueryHandler(GetHealth)
export class GetHealthHandler implements IQueryHandler<GetHealth> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(KAFKA_RELAY) private readonly relay: KafkaRelay | null,
  ) {}

  async execute(): Promise<HealthView> {
    const database = { kind: this.db.kind, status: 'up' as const };
    try {
      await this.db.query('SELECT 1');
      const projections = (await this.projections.lag()).map(({ checkpoint: _checkpoint, ...lag }) => lag);
      if (!this.relay) return { status: 'ok', version: APP_VERSION, database, projections };
      const { checkpoint: _relayCheckpoint, ...relay } = await this.relay.lag();
      // Workers run in their own processes: what they stored is all the API can truthfully say.
      const workers = await partitionOffsets.progress(this.db);
      return { status: 'ok', version: APP_VERSION, database, projections, workers, relay };
    } catch {
      return { status: 'degraded', version: APP_VERSION, database: { ...database, status: 'down' }, projections: [] };
    }
  }
}
