import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PublicPromoView } from '@qr/contracts';
import { codeNotFound, CodeReads } from '../codes';
import { PromoCampaigns } from './promo-campaign-views';

export class GetPublicPromo extends Query<PublicPromoView> {
  constructor(readonly qrId: string) {
    super();
  }
}

/**
 * The code's live campaigns in words, for a visitor: no codes, limits or keys. A paused code
 * offers nothing, as its scans show nothing. `needs_location` says the page should ask where the
 * visitor is: whenever a campaign has a place, even one that tolerates a refusal, since a position
 * it can measure is what lets such a campaign say "outside the area" rather than guess.
 */
@QueryHandler(GetPublicPromo)
export class GetPublicPromoHandler implements IQueryHandler<GetPublicPromo> {
  constructor(
    private readonly codes: CodeReads,
    private readonly campaigns: PromoCampaigns,
  ) {}

  async execute({ qrId }: GetPublicPromo): Promise<PublicPromoView> {
    const code = await this.codes.live(qrId);
    if (code?.status !== 'active') throw codeNotFound();
    const campaigns = await this.campaigns.live(code.org_id, code.code_id);
    return {
      qr_id: code.code_id,
      campaigns: campaigns.map(({ terms }) => ({
        name: terms.name,
        offer: terms.offer,
        starts_at: terms.starts_at,
        ends_at: terms.ends_at,
        needs_location: terms.place !== null,
      })),
    };
  }
}
