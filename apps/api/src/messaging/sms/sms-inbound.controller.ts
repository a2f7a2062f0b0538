import { Body, Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { InboundSmsForm } from '@qr/contracts';
import type { Config } from '@qr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { CONFIG } from '../../infrastructure';
import { INBOUND_SMS_PATH, SmsInbound } from './sms-inbound';

/**
 * Twilio's incoming-message webhook (public, rate-limited with the rest of /api/v1/public/): the
 * signature is checked against the URL Twilio was given, which is the server's PUBLIC_URL.
 */
@Controller(INBOUND_SMS_PATH.slice(1))
export class SmsInboundController {
  constructor(
    private readonly inbound: SmsInbound,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post()
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
}
