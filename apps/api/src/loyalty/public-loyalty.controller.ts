import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AddReferralBody,
  ClaimCampaignRewardBody,
  RedeemRewardBody,
  RegisterMemberBody,
  type CardMovement,
  type ReferralRecordedView,
} from '@qr/contracts';
import type { FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AddReferralCommand } from './loyalty-referrals.handlers';
import { ClaimCampaignRewardCommand, RedeemRewardCommand, RegisterMemberCommand } from './loyalty-visitor.handlers';

/** The request's address as the referral's network is read off it. */
const visitOf = (request: FastifyRequest) => ({ headers: request.headers, ip: request.ip });

/**
 * The visitor's side of a loyalty programme (spec §7 "Rewards, games, promos"): no sign-in, the card
 * id the phone keeps is the holder's credential, rate-limited per address like every public route.
 */
@Controller('api/v1/public/loyalty')
export class PublicLoyaltyController {
  constructor(private readonly commands: CommandBus) {}

  /** Spec §7 "register reward". */
  @Post('register')
  @HttpCode(201)
  register(@Body(new ZodValidationPipe(RegisterMemberBody, 'body')) body: RegisterMemberBody, @Req() request: FastifyRequest): Promise<CardMovement> {
    return this.commands.execute(new RegisterMemberCommand(body, visitOf(request)));
  }

  /** Spec §7 "redeem rewards": the answer's exchange_id names the success page. */
  @Post('redeem')
  @HttpCode(200)
  redeem(@Body(new ZodValidationPipe(RedeemRewardBody, 'body')) body: RedeemRewardBody): Promise<CardMovement> {
    return this.commands.execute(new RedeemRewardCommand(body));
  }

  /** Spec §7 "campaign reward". */
  @Post('campaign-reward')
  @HttpCode(200)
  campaignReward(@Body(new ZodValidationPipe(ClaimCampaignRewardBody, 'body')) body: ClaimCampaignRewardBody): Promise<CardMovement> {
    return this.commands.execute(new ClaimCampaignRewardCommand(body));
  }

  /** Spec §7 "add referral". */
  @Post('referrals')
  @HttpCode(201)
  addReferral(@Body(new ZodValidationPipe(AddReferralBody, 'body')) body: AddReferralBody, @Req() request: FastifyRequest): Promise<ReferralRecordedView> {
    return this.commands.execute(new AddReferralCommand(body, visitOf(request)));
  }
}
