import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import type { HealthView } from '@qr/contracts';
import { GetHealth } from './health.queries';

@Controller('api/health')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthView> {
    const health = await this.queries.execute(new GetHealth());
    // Load balancers read the status code, people read the body.
    reply.status(health.status === 'ok' ? 200 : 503);
    return health;
  }
}
