import { Command, CommandBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CollectStampBody, RedeemRewardBody, type CardMovement } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import type { z } from 'zod';
import type { ApiFront } from '../http/api-front';
import { serveJsonPostOnFront } from '../http/json-post-front';
import { FrontRateLimit } from '../http/public-rate-limit';
import { CollectStampCommand, RedeemRewardCommand } from './loyalty-visitor.handlers';

/**
 * A busy counter's stamps and redemptions (issue 54: at least half the scan path's rate) answered
 * on the API's front, ahead of Fastify, by the same command handlers as their Fastify routes, under
 * the public routes' per-address limit.
 */
export function serveLoyaltyOnFront(
  app: NestFastifyApplication,
  front: ApiFront,
  limit: FrontRateLimit,
  options: { log: Logger; parseJson: (text: string) => unknown },
): void {
  const commands = app.get(CommandBus);
  const serve = <Schema extends z.ZodType>(path: string, schema: Schema, command: (body: z.output<Schema>) => Command<CardMovement>) =>
    serveJsonPostOnFront(
      app,
      front,
      {
        path,
        schema,
        answer: async (body, visit) => {
          await limit.take(visit);
          return commands.execute(command(body));
        },
        errorHeaders: FrontRateLimit.headersOf,
      },
      options,
    );
  serve('/api/v1/public/loyalty/stamp', CollectStampBody, (body) => new CollectStampCommand(body));
  serve('/api/v1/public/loyalty/redeem', RedeemRewardBody, (body) => new RedeemRewardCommand(body));
}
