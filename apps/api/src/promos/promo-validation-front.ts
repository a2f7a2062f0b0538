import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ValidatePromoBody } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import type { ApiFront } from '../http/api-front';
import { serveJsonPostOnFront } from '../http/json-post-front';
import { retryAfterOf } from './promo-lockout';
import { PromoValidations } from './promo-validations';

/**
 * A hot campaign's validations (issue 53: at least half the scan path's rate) answered on the
 * API's front, ahead of Fastify, decided by the same PromoValidations as the Fastify route. The
 * promo guard's own, stricter per-address and per-visitor rates and lockout (promo-lockout.ts) hold
 * a script back where the public routes' limit does not reach.
 */
export function servePromoValidationsOnFront(
  app: NestFastifyApplication,
  front: ApiFront,
  options: { log: Logger; parseJson: (text: string) => unknown },
): void {
  const validations = app.get(PromoValidations);
  serveJsonPostOnFront(
    app,
    front,
    {
      path: '/api/v1/public/promos/validate',
      schema: ValidatePromoBody,
      answer: (body, visit) => validations.validate(body, visit),
      errorHeaders: (error): Record<string, string> => {
        const retryAfter = retryAfterOf(error);
        return retryAfter ? { 'retry-after': retryAfter } : {};
      },
    },
    options,
  );
}
