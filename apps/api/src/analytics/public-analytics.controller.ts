import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AnalyticsEventBody } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { RecordAnalyticsEventCommand } from './analytics-events.handlers';

/** Spec §7 "analytics event": landing pages report what visitors do; no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/analytics')
export class PublicAnalyticsController {
  constructor(private readonly commands: CommandBus) {}

  /** 204 once the event is durable. */
  @Post('events')
  @HttpCode(204)
  async record(@Body(new ZodValidationPipe(AnalyticsEventBody, 'body')) body: AnalyticsEventBody, @Req() request: FastifyRequest): Promise<void> {
    await this.commands.execute(new RecordAnalyticsEventCommand(body, request));
  }
}
