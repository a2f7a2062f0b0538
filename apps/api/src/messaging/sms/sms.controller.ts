import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AutoSmsBody,
  AutoSmsPath,
  AvailableNumbersBody,
  CampaignKeyBody,
  CampaignKeyPath,
  CheckVerificationBody,
  OrgQuery,
  PurchaseNumberBody,
  SendSmsBody,
  SmsCampaignBody,
  StartVerificationBody,
  UpdateAutoSmsBody,
  type AutoSmsView,
  type AvailableNumberView,
  type CampaignKeyView,
  type CampaignView,
  type PurchasedNumberView,
  type SendResultView,
  type VerificationView,
} from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../../http/read-models.decorator';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../../identity';
import { LaunchCampaignCommand } from '../campaigns.handlers';
import { AutoSms } from './auto-sms';
import { SmsCampaignKeys } from './sms-campaign-keys';
import { SmsNumbers } from './sms-numbers';
import { SmsSends } from './sms-sends';
import { SmsVerification } from './sms-verification';

const keyPath = new ZodValidationPipe(CampaignKeyPath, 'path');
const rulePath = new ZodValidationPipe(AutoSmsPath, 'path');
const orgQuery = new ZodValidationPipe(OrgQuery, 'query');

/**
 * Spec §7 "Messaging", the SMS part: send one SMS or a campaign, campaign keys, auto SMS, available
 * numbers and their purchase, phone-number verification. Every text goes through Twilio's SDK on
 * the organisation's own account, or to the outbox while none is connected.
 */
@Controller('api/v1/messaging/sms')
@ReadModels(...CALLER_ROLES)
@UseGuards(AuthenticationGuard)
export class SmsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sends: SmsSends,
    private readonly keys: SmsCampaignKeys,
    private readonly auto: AutoSms,
    private readonly numbers: SmsNumbers,
    private readonly verification: SmsVerification,
  ) {}

  @Post('send')
  @HttpCode(200)
  send(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SendSmsBody, 'body')) body: SendSmsBody): Promise<SendResultView> {
    return this.sends.single(caller, body);
  }

  /** Drafted and scheduled through the campaign commands, as any campaign: the audience is chosen when sending begins. */
  @Post('campaign')
  async campaign(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SmsCampaignBody, 'body')) body: SmsCampaignBody): Promise<CampaignView> {
    const { send_at, ...content } = body;
    const { campaign } = await this.commands.execute(new LaunchCampaignCommand(caller, content, send_at ?? null));
    return campaign;
  }

  @Post('campaign-keys')
  createKey(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CampaignKeyBody, 'body')) body: CampaignKeyBody): Promise<CampaignKeyView> {
    return this.keys.create(caller, body);
  }

  @Get('campaign-keys')
  listKeys(@CurrentCaller() caller: Caller, @Query(orgQuery) { org_id }: OrgQuery): Promise<CampaignKeyView[]> {
    return this.keys.list(caller, org_id);
  }

  @Delete('campaign-keys/:keyword')
  @HttpCode(204)
  removeKey(@CurrentCaller() caller: Caller, @Param(keyPath) { keyword }: CampaignKeyPath, @Query(orgQuery) { org_id }: OrgQuery): Promise<void> {
    return this.keys.remove(caller, org_id, keyword);
  }

  @Post('auto')
  createRule(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(AutoSmsBody, 'body')) body: AutoSmsBody): Promise<AutoSmsView> {
    return this.auto.create(caller, body);
  }

  @Get('auto')
  listRules(@CurrentCaller() caller: Caller, @Query(orgQuery) { org_id }: OrgQuery): Promise<AutoSmsView[]> {
    return this.auto.list(caller, org_id);
  }

  @Put('auto/:rule_id')
  updateRule(
    @CurrentCaller() caller: Caller,
    @Param(rulePath) { rule_id }: AutoSmsPath,
    @Body(new ZodValidationPipe(UpdateAutoSmsBody, 'body')) body: UpdateAutoSmsBody,
  ): Promise<AutoSmsView> {
    return this.auto.update(caller, rule_id, body);
  }

  @Delete('auto/:rule_id')
  @HttpCode(204)
  removeRule(@CurrentCaller() caller: Caller, @Param(rulePath) { rule_id }: AutoSmsPath): Promise<void> {
    return this.auto.remove(caller, rule_id);
  }

  @Post('numbers/available')
  @HttpCode(200)
  available(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(AvailableNumbersBody, 'body')) body: AvailableNumbersBody,
  ): Promise<AvailableNumberView[]> {
    return this.numbers.available(caller, body);
  }

  @Post('numbers/purchase')
  purchase(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(PurchaseNumberBody, 'body')) body: PurchaseNumberBody): Promise<PurchasedNumberView> {
    return this.numbers.purchase(caller, body);
  }

  @Post('verification')
  @HttpCode(200)
  startVerification(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(StartVerificationBody, 'body')) body: StartVerificationBody,
  ): Promise<VerificationView> {
    return this.verification.start(caller, body);
  }

  @Post('verification/check')
  @HttpCode(200)
  checkVerification(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CheckVerificationBody, 'body')) body: CheckVerificationBody,
  ): Promise<VerificationView> {
    return this.verification.check(caller, body);
  }
}
