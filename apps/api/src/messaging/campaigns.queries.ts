import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  AudiencePreviewBody,
  AudiencePreviewView,
  CampaignListView,
  CampaignView,
  DeliveryListView,
  ListCampaignsQuery,
  ListDeliveriesQuery,
} from '@qr/contracts';
import { type Caller, TenancyGate } from '../identity';
import { CampaignReads } from './campaign-reads';
import { ConsentingAudience } from './consenting-audience';
import { DeliveryQueue } from './delivery-queue';
import { MessagingChannels } from './messaging-channels';

/** How many of an audience the campaign screen shows by name. */
const SAMPLE_SIZE = 5;

export class GetCampaign extends Query<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
  ) {
    super();
  }
}

export class ListCampaigns extends Query<CampaignListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListCampaignsQuery,
  ) {
    super();
  }
}

export class ListDeliveries extends Query<DeliveryListView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly query: ListDeliveriesQuery,
  ) {
    super();
  }
}

export class PreviewAudience extends Query<AudiencePreviewView> {
  constructor(
    readonly caller: Caller,
    readonly body: AudiencePreviewBody,
  ) {
    super();
  }
}

@QueryHandler(GetCampaign)
export class GetCampaignHandler implements IQueryHandler<GetCampaign> {
  constructor(private readonly campaigns: CampaignReads) {}

  async execute({ caller, campaignId }: GetCampaign): Promise<CampaignView> {
    const { campaign } = await this.campaigns.visible(caller, campaignId);
    return this.campaigns.view(campaign);
  }
}

@QueryHandler(ListCampaigns)
export class ListCampaignsHandler implements IQueryHandler<ListCampaigns> {
  constructor(
    private readonly campaigns: CampaignReads,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, query }: ListCampaigns): Promise<CampaignListView> {
    await this.gate.roleIn(caller, query.org_id);
    return this.campaigns.list(query);
  }
}

@QueryHandler(ListDeliveries)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveries> {
  constructor(
    private readonly campaigns: CampaignReads,
    private readonly queue: DeliveryQueue,
  ) {}

  async execute({ caller, campaignId, query }: ListDeliveries): Promise<DeliveryListView> {
    await this.campaigns.visible(caller, campaignId);
    return this.queue.list(campaignId, query);
  }
}

/** Who a campaign with these filters would reach now: the consenting count, those left out, and a few names. */
@QueryHandler(PreviewAudience)
export class PreviewAudienceHandler implements IQueryHandler<PreviewAudience> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly audience: ConsentingAudience,
    private readonly channels: MessagingChannels,
  ) {}

  async execute({ caller, body }: PreviewAudience): Promise<AudiencePreviewView> {
    await this.gate.roleIn(caller, body.org_id);
    const split =
      body.channel === 'push'
        ? { consenting: await this.channels.of('push').audience(body.org_id, body.audience), without_consent: 0 }
        : await this.audience.split(body.org_id, body.channel, body.audience);
    return {
      count: split.consenting.length,
      without_consent: split.without_consent,
      sample: split.consenting.slice(0, SAMPLE_SIZE).map(({ address, name }) => ({ recipient: address, name })),
    };
  }
}
