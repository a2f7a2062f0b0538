import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PassOfferQuery, type PassOfferView } from '@qr/contracts';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PassReads } from './pass-reads';
import { WalletIssuers } from './wallet-issuers';

/** Whether a visitor's page (a loyalty card, an event page) offers a pass, and to which wallets. */
export class GetPassOffer extends Query<PassOfferView> {
  constructor(readonly query: PassOfferQuery) {
    super();
  }
}

@QueryHandler(GetPassOffer)
export class GetPassOfferHandler implements IQueryHandler<GetPassOffer> {
  constructor(
    private readonly reads: PassReads,
    private readonly issuers: WalletIssuers,
  ) {}

  async execute({ query }: GetPassOffer): Promise<PassOfferView> {
    const design = await this.reads.designOfSource(query.kind, query.source_id);
    if (!design) return { design_id: null, apple: false, google: false };
    const connected = await this.issuers.connected(design.org_id);
    return { design_id: connected.apple || connected.google ? design.design_id : null, ...connected };
  }
}

@Controller('api/v1/public/passes')
@ReadModels('passes')
export class PublicPassesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('offer')
  offer(@QueryParams(new ZodValidationPipe(PassOfferQuery, 'query')) query: PassOfferQuery): Promise<PassOfferView> {
    return this.queries.execute(new GetPassOffer(query));
  }
}
