import { Body, Controller, Headers, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { InboundSmsForm, SmsStatusForm, SmsStatusQuery } from '@qr/contracts';
import type { Config } from '@qr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { CONFIG } from '../../infrastructure';
import { INBOUND_SMS_PATH, SMS_STATUS_PATH, SmsInbound } from './sms-inbound';

/**
 * Twilio's webhooks, public and rate-limited with the rest of /api/v1/public/: incoming texts and
 * the status of messages sent. Each signature is checked against the URL Twilio was given, which
 * begins with the server's PUBLIC_URL.
 */
@Controller()
export class SmsInboundController {
  constructor(
    private readonly inbound: SmsInbound,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post(INBOUND_SMS_PATH)
  @HttpCode(200)
  receive(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Headers('x-twilio-webhooks-signature-settings') settings: string | undefined,
    @Body() params: Record<string, unknown>,
    @Body(new ZodValidationPipe(InboundSmsForm, 'body')) form: InboundSmsForm,
  ): Promise<string> {
    void reply.type('text/xml');
    return this.inbound.receive(`${this.config.PUBLIC_URL}${request.url}`, { signature, settings }, params, form);
  }

  @Post(SMS_STATUS_PATH)
  @HttpCode(204)
  status(
    @Req() request: FastifyRequest,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Headers('x-twilio-webhooks-signature-settings') settings: string | undefined,
    @Query(new ZodValidationPipe(SmsStatusQuery, 'query')) { org_id }: SmsStatusQuery,
    @Body() params: Record<string, unknown>,
    @Body(new ZodValidationPipe(SmsStatusForm, 'body')) form: SmsStatusForm,
  ): Promise<void> {
    return this.inbound.status(org_id, `${this.config.PUBLIC_URL}${request.url}`, { signature, settings }, params, form);
  }
}
