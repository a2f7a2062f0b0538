import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AddReferralBody,
  CardBody,
  ClaimCampaignRewardBody,
  CollectStampBody,
  CreditSubmissionBody,
  ExchangePath,
  ProgrammePath,
  RedeemRewardBody,
  ReferSubscriptionBody,
  RegisterMemberBody,
  type CardMovement,
  type ExchangeView,
  type LoyaltyCardView,
  type PublicProgrammeView,
  type ReferralCodeView,
  type ReferralRecordedView,
} from '@qr/contracts';
import type { FastifyRequest } from 'fastify';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AddReferralCommand, ReferSubscriptionCommand } from './loyalty-referrals.handlers';
import {
  ClaimCampaignRewardCommand,
  CollectStampCommand,
  CreditSubmissionCommand,
  RedeemRewardCommand,
  RegisterMemberCommand,
} from './loyalty-visitor.handlers';
import { GetExchange, GetLoyaltyCard, GetPublicProgramme, GetReferralCode } from './loyalty-visitor.queries';

const card = new ZodValidationPipe(CardBody, 'body');
/** The request's address, as the referral's network is read off it. */
const visitOf = (request: FastifyRequest) => ({ headers: request.headers, ip: request.ip });

/**
 * The visitor's side of a loyalty programme (spec §7 "Rewards, games, promos"): no sign-in, the card
 * id the phone keeps is the holder's credential, rate-limited per address like every public route.
 * Commands answer the card as their own decision left it, not as a read model has it yet.
 */
@Controller('api/v1/public/loyalty')
@ReadModels('loyalty')
export class PublicLoyaltyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('programmes/:programme_id')
  programme(@Param(new ZodValidationPipe(ProgrammePath, 'path')) { programme_id }: ProgrammePath): Promise<PublicProgrammeView> {
    return this.queries.execute(new GetPublicProgramme(programme_id));
  }

  /** Spec §7 "register reward". */
  @Post('register')
  @HttpCode(201)
  register(@Body(new ZodValidationPipe(RegisterMemberBody, 'body')) body: RegisterMemberBody, @Req() request: FastifyRequest): Promise<CardMovement> {
    return this.commands.execute(new RegisterMemberCommand(body, visitOf(request)));
  }

  /** Spec §7 "get loyalty card": a POST, so the card id stays out of addresses and access logs. */
  @Post('card')
  @HttpCode(200)
  card(@Body(card) body: CardBody): Promise<LoyaltyCardView> {
    return this.queries.execute(new GetLoyaltyCard(body));
  }

  /** Spec §7 "post card" from the phone. */
  @Post('stamp')
  @HttpCode(200)
  stamp(@Body(new ZodValidationPipe(CollectStampBody, 'body')) body: CollectStampBody): Promise<CardMovement> {
    return this.commands.execute(new CollectStampCommand(body));
  }

  /** Spec §7 "redeem rewards": the answer's exchange_id names the success page. */
  @Post('redeem')
  @HttpCode(200)
  redeem(@Body(new ZodValidationPipe(RedeemRewardBody, 'body')) body: RedeemRewardBody): Promise<CardMovement> {
    return this.commands.execute(new RedeemRewardCommand(body));
  }

  @Post('submission')
  @HttpCode(200)
  submission(@Body(new ZodValidationPipe(CreditSubmissionBody, 'body')) body: CreditSubmissionBody): Promise<CardMovement> {
    return this.commands.execute(new CreditSubmissionCommand(body));
  }

  /** Spec §7 "campaign reward". */
  @Post('campaign-reward')
  @HttpCode(200)
  campaignReward(@Body(new ZodValidationPipe(ClaimCampaignRewardBody, 'body')) body: ClaimCampaignRewardBody): Promise<CardMovement> {
    return this.commands.execute(new ClaimCampaignRewardCommand(body));
  }

  /** Spec §7 "referral code". */
  @Post('referral-code')
  @HttpCode(200)
  referralCode(@Body(card) body: CardBody): Promise<ReferralCodeView> {
    return this.queries.execute(new GetReferralCode(body));
  }

  /** Spec §7 "add referral". */
  @Post('referrals')
  @HttpCode(201)
  addReferral(@Body(new ZodValidationPipe(AddReferralBody, 'body')) body: AddReferralBody, @Req() request: FastifyRequest): Promise<ReferralRecordedView> {
    return this.commands.execute(new AddReferralCommand(body, visitOf(request)));
  }

  /** Spec §7 "refer subscription". */
  @Post('refer-subscription')
  @HttpCode(201)
  referSubscription(
    @Body(new ZodValidationPipe(ReferSubscriptionBody, 'body')) body: ReferSubscriptionBody,
    @Req() request: FastifyRequest,
  ): Promise<ReferralRecordedView> {
    return this.commands.execute(new ReferSubscriptionCommand(body, visitOf(request)));
  }

  /** Spec §7 "get success page" of an exchange. */
  @Get('exchanges/:exchange_id')
  exchange(@Param(new ZodValidationPipe(ExchangePath, 'path')) { exchange_id }: ExchangePath): Promise<ExchangeView> {
    return this.queries.execute(new GetExchange(exchange_id));
  }
}
