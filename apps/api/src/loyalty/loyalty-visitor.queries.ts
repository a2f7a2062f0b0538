import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  encodeReferralEmail,
  REFERRAL_LINK_PARAM,
  type CardBody,
  type ExchangeView,
  type LoyaltyCardView,
  type PublicProgrammeView,
  type ReferralCodeView,
} from '@qr/contracts';
import type { Config } from '@qr/platform';
import { CONFIG } from '../infrastructure';
import { memberNotFound, programmeNotFound } from '@qr/domain';
import { LoyaltyReads } from './loyalty-reads';

/** What the card page shows of a live programme. */
export class GetPublicProgramme extends Query<PublicProgrammeView> {
  constructor(readonly programmeId: string) {
    super();
  }
}

/** Spec §7 "get loyalty card": the card id is the holder's credential. */
export class GetLoyaltyCard extends Query<LoyaltyCardView> {
  constructor(readonly card: CardBody) {
    super();
  }
}

/** Spec §7 "referral code". */
export class GetReferralCode extends Query<ReferralCodeView> {
  constructor(readonly card: CardBody) {
    super();
  }
}

/** The success page of an exchange: its id, drawn by the server, is what the visitor holds. */
export class GetExchange extends Query<ExchangeView> {
  constructor(readonly exchangeId: string) {
    super();
  }
}

export const exchangeNotFound = () => new DomainError('loyalty_exchange_not_found', 'No such exchange.');

@QueryHandler(GetPublicProgramme)
export class GetPublicProgrammeHandler implements IQueryHandler<GetPublicProgramme> {
  constructor(private readonly reads: LoyaltyReads) {}

  async execute({ programmeId }: GetPublicProgramme): Promise<PublicProgrammeView> {
    const programme = await this.reads.publicProgramme(programmeId);
    if (!programme) throw programmeNotFound();
    return programme;
  }
}

@QueryHandler(GetLoyaltyCard)
export class GetLoyaltyCardHandler implements IQueryHandler<GetLoyaltyCard> {
  constructor(private readonly reads: LoyaltyReads) {}

  async execute({ card }: GetLoyaltyCard): Promise<LoyaltyCardView> {
    const view = await this.reads.card(card.programme_id, card.card_id);
    if (!view) throw memberNotFound();
    return view;
  }
}

/** The link carries the holder's email encoded (spec §3 Referral), decoded on the friend's phone; a card by phone refers by its number. */
@QueryHandler(GetReferralCode)
export class GetReferralCodeHandler implements IQueryHandler<GetReferralCode> {
  constructor(
    private readonly reads: LoyaltyReads,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ card }: GetReferralCode): Promise<ReferralCodeView> {
    const member = await this.reads.member(card.programme_id, card.card_id);
    if (!member) throw memberNotFound();
    const link = (email: string) => `${this.config.PUBLIC_URL}/card/${card.programme_id}?${REFERRAL_LINK_PARAM}=${encodeReferralEmail(email)}`;
    return { referral_email: member.email, referral_link: member.email === null ? null : link(member.email), referred_by_number: member.phone };
  }
}

@QueryHandler(GetExchange)
export class GetExchangeHandler implements IQueryHandler<GetExchange> {
  constructor(private readonly reads: LoyaltyReads) {}

  async execute({ exchangeId }: GetExchange): Promise<ExchangeView> {
    const found = await this.reads.exchange(exchangeId);
    if (!found) throw exchangeNotFound();
    return found.view;
  }
}
