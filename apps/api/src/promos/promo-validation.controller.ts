import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { PromoNonceBody, ValidatePromoBody, type PromoNonceView, type PromoValidation } from '@qr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { retryAfterOf } from './promo-lockout';
import { PromoValidations } from './promo-validations';

/**
 * Spec §7 "validate promo code" and the page's nonce: no sign-in, rate-limited like every public
 * route and, for validations, per visitor and address with a lockout after repeated failures.
 * POSTs that change no read model a caller then queries: no read models to wait for. A JSON
 * validation on the server the API listens on is answered ahead of Fastify, the same way
 * (promo-validation-front.ts); this route answers `inject` and whatever the front leaves.
 */
@Controller('api/v1/public/promos')
export class PromoValidationController {
  constructor(private readonly validations: PromoValidations) {}

  @Post('nonce')
  @HttpCode(200)
  nonce(@Body(new ZodValidationPipe(PromoNonceBody, 'body')) { qr_id }: PromoNonceBody): Promise<PromoNonceView> {
    return this.validations.nonce(qr_id);
  }

  /** 200 for every answer, valid or not: a refusal is an outcome of the visitor's try, not an error of the request. */
  @Post('validate')
  @HttpCode(200)
  async validate(
    @Body(new ZodValidationPipe(ValidatePromoBody, 'body')) body: ValidatePromoBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PromoValidation> {
    try {
      return await this.validations.validate(body, { headers: request.headers, ip: request.ip });
    } catch (error) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter) void reply.header('retry-after', retryAfter);
      throw error;
    }
  }
}
