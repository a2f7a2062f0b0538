import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { DomainError, UnsubscribeQuery, type PublicOrganization, type UnsubscribeView } from '@qr/contracts';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { OrganizationReads } from '../identity';
import { ConsentLedger } from './consent-ledger';
import { UnsubscribeLinks } from './unsubscribe-links';

/** RFC 8058's one-click body: a mail client's POST to the `List-Unsubscribe` address carries it. */
const ONE_CLICK = 'One-Click';

/**
 * An email's unsubscribe link (issue 55): the page it opens reads who it is for here and confirms
 * with a POST; a mail client's one-click POST (RFC 8058) withdraws at once. Either way the ledger
 * records the withdrawal, so no campaign reaches the address again until it consents anew.
 */
@Controller('api/v1/public/messaging/unsubscribe')
@ReadModels('messaging')
export class PublicUnsubscribeController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly ledger: ConsentLedger,
    private readonly organizations: OrganizationReads,
  ) {}

  @Get()
  async view(@Query(new ZodValidationPipe(UnsubscribeQuery, 'query')) { token }: UnsubscribeQuery): Promise<UnsubscribeView> {
    const { orgId, channel, address } = await this.links.open(token);
    const status = (await this.ledger.statusOf(orgId, channel, [address])).get(address);
    return { organization: await this.organization(orgId), address, status: status === 'withdrawn' ? 'withdrawn' : 'given' };
  }

  @Post()
  @HttpCode(200)
  async unsubscribe(@Query(new ZodValidationPipe(UnsubscribeQuery, 'query')) { token }: UnsubscribeQuery, @Body() body: unknown): Promise<UnsubscribeView> {
    const { orgId, channel, address } = await this.links.open(token);
    const oneClick = typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === ONE_CLICK;
    await this.ledger.record(orgId, channel, address, 'withdrawn', oneClick ? 'list_unsubscribe' : 'unsubscribe_link', null, null);
    return { organization: await this.organization(orgId), address, status: 'withdrawn' };
  }

  /** A deleted organisation's links lead nowhere: nobody is messaged in its name any more. */
  private async organization(orgId: string): Promise<PublicOrganization> {
    const organization = await this.organizations.publicProfileOf(orgId);
    if (!organization) throw new DomainError('messaging_unsubscribe_invalid', 'This organisation no longer sends messages.');
    return organization;
  }
}
