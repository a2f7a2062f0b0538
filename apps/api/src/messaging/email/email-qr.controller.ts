import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SendEmailQrBody, type SendResultView } from '@qr/contracts';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../../identity';
import { SendEmailQrCommand } from './email-qr.handlers';

/** Spec §7 "send email with QR codes attached". */
@Controller('api/v1/messaging/email')
@UseGuards(AuthenticationGuard)
export class EmailQrController {
  constructor(private readonly commands: CommandBus) {}

  @Post('qr')
  @HttpCode(200)
  send(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SendEmailQrBody, 'body')) body: SendEmailQrBody): Promise<SendResultView> {
    return this.commands.execute(new SendEmailQrCommand(caller, body));
  }
}
