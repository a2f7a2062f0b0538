import { Injectable } from '@nestjs/common';
import { DomainError, MAX_PASS_IMAGE_BYTES, normalPromoCode, type PassDesignTerms, type PassHolder, type PassSource } from '@qr/contracts';
import { EventDataReads } from '../experiences';
import { LoyaltyReads } from '../loyalty';
import { PageReads } from '../pages';
import { PromoCampaigns } from '../promos';
import { UploadedImages } from '../uploads';
import { holderKeyOf } from '@qr/projections-passes';

const sourceNotFound = (source: PassSource): DomainError =>
  new DomainError(
    'pass_source_not_found',
    source.kind === 'loyalty_card'
      ? 'No such loyalty programme in this organisation.'
      : source.kind === 'promo_code'
        ? 'No such promo campaign in this organisation.'
        : 'No such page with event details in this organisation: give the page a time and place first.',
  );

/**
 * What a design's source is, through what the loyalty, promos, pages and experiences contexts
 * export: whose it is, what it is called, and whether a holder is one of it.
 */
@Injectable()
export class PassSources {
  constructor(
    private readonly loyalty: LoyaltyReads,
    private readonly promos: PromoCampaigns,
    private readonly pages: PageReads,
    private readonly events: EventDataReads,
    private readonly images: UploadedImages,
  ) {}

  /** The organisation and name of a live source, or undefined. */
  async find(source: PassSource): Promise<{ org_id: string; name: string } | undefined> {
    if (source.kind === 'loyalty_card') {
      const programme = await this.loyalty.programme(source.programme_id);
      return programme?.status === 'live' ? { org_id: programme.org_id, name: programme.terms.name } : undefined;
    }
    if (source.kind === 'promo_code') {
      const campaign = await this.promos.liveCampaign(source.campaign_id);
      return campaign && { org_id: campaign.org_id, name: campaign.terms.name };
    }
    const [page, event] = await Promise.all([this.pages.titleOf(source.page_id), this.events.ofPage(source.page_id)]);
    return page && event ? { org_id: page.org_id, name: page.title } : undefined;
  }

  /** The source, when it is the organisation's; 404 `pass_source_not_found` otherwise (another tenant's too). */
  async ofOrganization(orgId: string, source: PassSource): Promise<{ org_id: string; name: string }> {
    const found = await this.find(source);
    if (found?.org_id !== orgId) throw sourceNotFound(source);
    return found;
  }

  /** Refuses an image the organisation has not uploaded, or one too large to go on a pass. */
  async checkImages(orgId: string, terms: PassDesignTerms): Promise<void> {
    const images = [
      ['logo', terms.logo_blob_id],
      ['strip', terms.strip_blob_id],
      ['icon', terms.icon_blob_id],
    ] as const;
    for (const [role, blobId] of images) {
      if (!blobId) continue;
      const stored = await this.images.read(orgId, blobId).catch(() => undefined);
      if (!stored)
        throw new DomainError('pass_image_invalid', `The ${role} image is not one of the organisation’s uploads.`, { field: `body.terms.${role}_blob_id` });
      if (stored.bytes.length > MAX_PASS_IMAGE_BYTES)
        throw new DomainError(
          'pass_image_invalid',
          `The ${role} image is ${Math.ceil(stored.bytes.length / 1024)} KB: a pass takes images up to ${MAX_PASS_IMAGE_BYTES / 1024} KB.`,
          {
            field: `body.terms.${role}_blob_id`,
          },
        );
    }
  }

  private async memberOf(programmeId: string, cardId: string) {
    const programme = await this.loyalty.programme(programmeId);
    return programme && this.loyalty.memberOf(programme, cardId);
  }

  /**
   * The key a holder is found by, once it is known to be one of the source's: a card of the
   * programme, a code of the campaign. 404 `pass_holder_not_found` otherwise; 400 for a holder of another kind.
   */
  async holderKey(source: PassSource, holder: PassHolder): Promise<string> {
    if (holder.kind !== source.kind)
      throw new DomainError('pass_holder_mismatch', `This design issues passes for a ${source.kind.replace('_', ' ')}.`, { field: 'body.holder.kind' });
    const key = holderKeyOf(holder);
    if (source.kind === 'loyalty_card' && !(await this.memberOf(source.programme_id, key)))
      throw new DomainError('pass_holder_not_found', 'No such card in this programme.', { field: 'body.holder.card_id' });
    if (source.kind === 'promo_code' && !(await this.promos.promoCode(source.campaign_id, normalPromoCode(key))))
      throw new DomainError('pass_holder_not_found', 'No such code in this campaign.', { field: 'body.holder.promo_code' });
    return key;
  }
}
