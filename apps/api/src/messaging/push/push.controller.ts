import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SendPushBody, type SendPushView } from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../../http/read-models.decorator';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../../identity';
import { SendPushCommand } from './send-push.handler';

/** Spec §7 "send push notification": staff's send, now or at a time, to the organisation's subscribed browsers. */
@Controller('api/v1/messaging/push')
@ReadModels(...CALLER_ROLES, 'messaging', 'organizations')
@UseGuards(AuthenticationGuard)
export class PushController {
  constructor(private readonly commands: CommandBus) {}

  @Post('send')
  @HttpCode(200)
  send(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SendPushBody, 'body')) body: SendPushBody): Promise<SendPushView> {
    return this.commands.execute(new SendPushCommand(caller, body));
  }
}
