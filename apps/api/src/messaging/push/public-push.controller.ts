import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { PushSubscribeBody, PushUnsubscribeBody, type PushKeyView } from '@qr/contracts';
import { ReadModels } from '../../http/read-models.decorator';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { PushSubscriptions } from './push-subscriptions';
import { VapidKeys } from './vapid-keys';

/**
 * A landing page's "Get notifications" (spec §1 web push): the server's VAPID public key, and a
 * browser's subscription on the page's code. No sign-in; rate-limited per address like every
 * public route (http/public-rate-limit.ts).
 */
@Controller('api/v1/public/messaging/push')
@ReadModels()
export class PublicPushController {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly subscriptions: PushSubscriptions,
  ) {}

  @Get('key')
  async key(): Promise<PushKeyView> {
    return { public_key: await this.vapid.publicKey() };
  }

  @Post('subscribe')
  @HttpCode(204)
  subscribe(@Body(new ZodValidationPipe(PushSubscribeBody, 'body')) body: PushSubscribeBody, @Headers('user-agent') userAgent?: string): Promise<void> {
    return this.subscriptions.subscribe(body, userAgent);
  }

  @Post('unsubscribe')
  @HttpCode(204)
  unsubscribe(@Body(new ZodValidationPipe(PushUnsubscribeBody, 'body')) { endpoint }: PushUnsubscribeBody): Promise<void> {
    return this.subscriptions.remove(endpoint);
  }
}
