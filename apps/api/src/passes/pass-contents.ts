import { Inject, Injectable } from '@nestjs/common';
import { fillPassText, MAX_LINK_SECONDS, tierOf, type PassDesignTerms, type PassField } from '@qr/contracts';
import type { Config } from '@qr/platform';
import sharp from 'sharp';
import { EventDataReads } from '../experiences';
import { OrganizationReads } from '../identity';
import { CONFIG } from '../infrastructure';
import { LoyaltyReads } from '../loyalty';
import { PageReads } from '../pages';
import { PromoCampaigns } from '../promos';
import { UploadedImages } from '../uploads';
import type { GooglePassClass } from './google/google-wallet';
import type { PassContent, PassFieldValue } from './pass-content';
import { PassReads, type PassDesignRow, type PassRow } from './pass-reads';
import { PassTokens } from './pass-tokens';

/** Apple's largest image (a strip at @3x is 1125 px wide): bigger uploads are scaled down before signing. */
const MAX_IMAGE_SIDE = 1125;

/** What a pass's source gives it: the values of its `{{fields}}` and what each wallet shows beside them. */
interface SourceFacts {
  title: string;
  values: Record<string, string>;
  gone: boolean;
  barcode: string;
  holder_name: string | null;
  loyalty: PassContent['loyalty'];
  event: PassContent['event'];
  expires_at: string | null;
}

const dateTime = (iso: string, timeZone = 'UTC'): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/**
 * Makes a pass's content fresh from its design and its source's read models (docs/decisions/032):
 * the card's balance and tier, the campaign's offer and whether the code was used, the event's time
 * and place. Nothing of it is stored, so a change of any of them shows in the next version a wallet asks for.
 */
@Injectable()
export class PassContents {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly reads: PassReads,
    private readonly tokens: PassTokens,
    private readonly organizations: OrganizationReads,
    private readonly loyalty: LoyaltyReads,
    private readonly promos: PromoCampaigns,
    private readonly pages: PageReads,
    private readonly events: EventDataReads,
    private readonly images: UploadedImages,
  ) {}

  /** The content of a pass, or undefined when there is no such pass. */
  async ofPass(passId: string): Promise<PassContent | undefined> {
    const pass = await this.reads.pass(passId);
    const design = pass && (await this.reads.design(pass.design_id));
    return pass && design ? this.of(pass, design) : undefined;
  }

  /**
   * What Google's class of a pass's design needs beside the content: the design, and its logo as a
   * link Google fetches itself, lasting as long as a signed link may.
   */
  async googleClassOf(pass: { org_id: string; design_id: string }): Promise<GooglePassClass> {
    const terms = (await this.reads.design(pass.design_id))?.terms;
    const logoId = terms?.logo_blob_id ?? terms?.icon_blob_id ?? null;
    const link = logoId ? await this.images.link({ orgId: pass.org_id, blobId: logoId }, MAX_LINK_SECONDS).catch(() => null) : null;
    return { design_id: pass.design_id, logo_url: link?.url ?? null };
  }

  async of(pass: PassRow, design: PassDesignRow): Promise<PassContent> {
    const { terms } = design;
    const [organization, facts, images, token] = await Promise.all([
      this.organizations.publicProfileOf(pass.org_id),
      this.factsOf(pass),
      this.imagesOf(pass.org_id, terms),
      this.tokens.tokenOf(pass.pass_id),
    ]);
    const values = { organization_name: organization?.name ?? '', ...facts.values };
    const fill = (fields: PassField[]): PassFieldValue[] => fields.map(({ key, label, value }) => ({ key, label, value: fillPassText(value, values) }));
    const eventPlace = facts.event && { latitude: facts.event.latitude, longitude: facts.event.longitude, relevant_text: facts.title };
    return {
      pass_id: pass.pass_id,
      org_id: pass.org_id,
      design_id: pass.design_id,
      kind: pass.kind,
      organization_name: organization?.name ?? '',
      title: facts.title,
      description: terms.description,
      logo_text: terms.logo_text,
      background_color: terms.background_color,
      foreground_color: terms.foreground_color,
      label_color: terms.label_color,
      images,
      header_fields: fill(terms.header_fields),
      primary_fields: fill(terms.primary_fields),
      secondary_fields: fill(terms.secondary_fields),
      auxiliary_fields: fill(terms.auxiliary_fields),
      back_fields: fill(terms.back_fields),
      barcode: { format: terms.barcode_format, message: facts.barcode, alt_text: terms.barcode_alt_text ? altTextOf(facts.barcode, pass) : null },
      locations: terms.locations.length > 0 ? terms.locations : eventPlace ? [eventPlace] : [],
      relevant_date: terms.relevant_date ?? facts.event?.starts_at ?? null,
      expiration_date: terms.expiration_date ?? facts.expires_at,
      voided: pass.voided || pass.design_gone || pass.source_gone || facts.gone,
      holder_name: facts.holder_name,
      loyalty: facts.loyalty,
      event: facts.event,
      web_service_url: this.config.PASS_BASE_URL,
      authentication_token: token,
      updated_at: pass.updated_at,
      update_tag: Number(pass.update_tag),
    };
  }

  private async factsOf(pass: PassRow): Promise<SourceFacts> {
    const { holder } = pass;
    const none = { holder_name: null, loyalty: null, event: null, expires_at: null };
    if (holder.kind === 'loyalty_card') {
      const programme = await this.loyalty.programme(pass.source_id);
      const card = programme && (await this.loyalty.memberOf(programme, holder.card_id));
      const terms = programme?.terms;
      return {
        ...none,
        title: terms?.name ?? '',
        gone: programme?.status !== 'live' || !card,
        barcode: `${this.config.PUBLIC_URL}/admin/loyalty/${pass.source_id}/members/${holder.card_id}`,
        holder_name: card?.name ?? null,
        loyalty: card && terms ? { balance: card.balance, unit: terms.kind === 'stamps' ? 'Stamps' : 'Points' } : null,
        values: {
          programme: terms?.name ?? '',
          name: card?.name ?? '',
          balance: String(card?.balance ?? 0),
          lifetime: String(card?.lifetime ?? 0),
          tier: card?.tier ?? '',
          next_tier: (card && terms && tierOf(terms.tiers, card.lifetime).next?.name) || '',
          stamps_required: String(terms?.stamps_required ?? ''),
        },
      };
    }
    if (holder.kind === 'promo_code') {
      const campaign = await this.promos.liveCampaign(pass.source_id);
      const code = campaign && (await this.promos.promoCode(pass.source_id, pass.holder_key));
      const terms = campaign?.terms;
      return {
        ...none,
        title: terms?.name ?? '',
        // A unique code is spent once; a shared code is everyone's and stays.
        gone: !campaign || !code || (campaign.kind === 'unique' && code.redeemed),
        barcode: pass.holder_key,
        expires_at: terms?.ends_at ?? null,
        values: {
          campaign: terms?.name ?? '',
          promo_code: pass.holder_key,
          offer: terms?.offer.text ?? '',
          ends_at: terms?.ends_at ? dateTime(terms.ends_at, terms.time_zone) : '',
        },
      };
    }
    const [page, event] = await Promise.all([this.pages.titleOf(pass.source_id), this.events.ofPage(pass.source_id)]);
    return {
      title: page?.title ?? '',
      gone: !page || !event,
      barcode: `${this.config.PASS_BASE_URL}/passes/${pass.pass_id}`,
      holder_name: holder.holder,
      loyalty: null,
      event: event && { starts_at: event.starts_at, ends_at: event.ends_at, latitude: event.latitude, longitude: event.longitude },
      expires_at: event?.ends_at ?? null,
      values: {
        event: page?.title ?? '',
        holder: holder.holder,
        starts_at: event ? dateTime(event.starts_at) : '',
        ends_at: event ? dateTime(event.ends_at) : '',
        place: event ? `${event.latitude.toFixed(5)}, ${event.longitude.toFixed(5)}` : '',
      },
    };
  }

  /** The design's images as PNG; a design without an icon gets a square of its background colour (Apple requires one). */
  private async imagesOf(orgId: string, terms: PassDesignTerms): Promise<PassContent['images']> {
    const png = (blobId: string | null) => (blobId ? this.images.readPng(orgId, blobId, MAX_IMAGE_SIDE).catch(() => null) : Promise.resolve(null));
    const [logo, strip, icon] = await Promise.all([png(terms.logo_blob_id), png(terms.strip_blob_id), png(terms.icon_blob_id)]);
    return { logo, strip, icon: icon ?? (await plainIcon(terms.background_color)) };
  }
}

const plainIcons = new Map<string, Promise<Buffer>>();
function plainIcon(colour: string): Promise<Buffer> {
  let icon = plainIcons.get(colour);
  if (!icon) {
    icon = sharp({ create: { width: 87, height: 87, channels: 3, background: colour } })
      .png()
      .toBuffer();
    plainIcons.set(colour, icon);
  }
  return icon;
}

/** What a till types when the barcode does not scan: the promo code itself, otherwise the pass id's first group. */
const altTextOf = (message: string, pass: PassRow): string => (pass.kind === 'promo_code' ? message : pass.pass_id.slice(0, 8).toUpperCase());
