import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PROMO_REFUSAL_TEXTS, type PromoNonceView, type PromoRefusalReason, type PromoValidation, type ValidatePromoBody } from '@qr/contracts';
import { promoRefusalsStreamId, roundedDegrees, type PromoRefused, type RedeemPromoCode } from '@qr/domain';
import { lazyServerSecret, type Config, type SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { HotPathAppender } from '../hot-path-appender';
import { clientAddress, type Visit } from '../http/client-address';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import { PromoLockout } from './promo-lockout';
import { PromoMasterKeySecrets } from './promo-master-key-secrets';
import { type CheckedNonce, PromoNonces } from './promo-nonces';
import { PromoRedemptions, type Redemption } from './promo-redemptions';

const VISITOR_SECRET = 'promo_visitors';
/** 132 bits of the HMAC: distinct visitors never share a per-visitor count. */
const VISITOR_KEY_LENGTH = 22;
/** Headers come from anyone: only so much of the user agent is hashed. */
const MAX_USER_AGENT = 512;

/** How long a found campaign is remembered, and how many are (see matching). */
const MATCHED_MS = 5_000;
const MATCHED_MAX = 10_000;

export const REDEEMED_TEXT = 'Redeemed. Show this screen at the counter.';

/** The live campaign of a QR code that answers to a typed promo code, from the read model. */
interface MatchedCampaign {
  campaign_id: string;
  org_id: string;
  master_key_id: string | null;
}

const refusal = (reason: PromoRefusalReason): PromoValidation => ({ valid: false, reason, message: PROMO_REFUSAL_TEXTS[reason] });

/**
 * Spec §7 "validate promo code", end to end: the guard against guessing, the page's nonce, the
 * campaign whose codes hold the typed code, and the campaign's serialiser, which decides and
 * records. A code no live campaign holds is recorded on the QR code's refusals stream.
 */
@Injectable()
export class PromoValidations {
  private readonly visitorSecret: () => Promise<Buffer>;
  private readonly matched = new Map<string, { campaign: MatchedCampaign; until: number }>();

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly nonces: PromoNonces,
    private readonly lockout: PromoLockout,
    private readonly secrets: PromoMasterKeySecrets,
    private readonly redemptions: PromoRedemptions,
    private readonly appender: HotPathAppender,
    private readonly codes: CodeReads,
  ) {
    this.visitorSecret = lazyServerSecret(db, VISITOR_SECRET);
  }

  nonce(qrId: string): Promise<PromoNonceView> {
    return this.nonces.issue(qrId);
  }

  async validate(body: ValidatePromoBody, visit: Visit): Promise<PromoValidation> {
    const address = clientAddress(visit.headers, visit.ip, this.config.TRUSTED_CLIENT_IP_HEADER) ?? '';
    const guard = { visitor: await this.visitorKey(body.visitor_id, address, visit), address };
    await this.lockout.admit(guard);
    const nonce = await this.nonces.check(body.nonce, body.qr_id);
    // A typed master key is checked against the campaign's key as the read model has it now, not as remembered.
    let campaign = await this.matching(body.qr_id, body.promo_code, body.master_key !== undefined);
    const command: RedeemPromoCode = {
      type: 'RedeemPromoCode',
      promo_code: body.promo_code,
      visitor_key: guard.visitor,
      nonce: nonce.nonce,
      nonce_issued_at: nonce.issued_at,
      at: new Date().toISOString(),
      position: body.latitude === null || body.longitude === null ? null : { latitude: body.latitude, longitude: body.longitude, accuracy_m: body.accuracy_m },
      master_key: null,
      redemption_id: randomUUID(),
    };
    let redemption = campaign && (await this.redeem(campaign, command, body.master_key));
    if (redemption === null) {
      // Deleted since it was looked up: another live campaign may hold the code now.
      campaign = await this.matching(body.qr_id, body.promo_code, true);
      redemption = campaign && (await this.redeem(campaign, command, body.master_key));
    }
    if (!redemption) return this.unknown(body.qr_id, command, nonce, guard);
    const { event, terms } = redemption;
    if (event.type === 'PromoRedeemed') {
      return { valid: true, message: REDEEMED_TEXT, offer: terms.offer, campaign_name: terms.name, redemption_id: event.data.redemption_id };
    }
    // A typed key that does not unlock is a guess at the key.
    if (event.data.reason === 'needs_master_key' && body.master_key !== undefined) await this.lockout.failed(guard);
    return refusal(event.data.reason);
  }

  /** The campaign's serialiser decides; null when its stream says it is gone (deleted since the read model was read). */
  private async redeem(campaign: MatchedCampaign, command: RedeemPromoCode, typedKey: string | undefined): Promise<Redemption | null> {
    const unlocked =
      typedKey !== undefined && campaign.master_key_id !== null ? await this.secrets.matches(campaign.org_id, campaign.master_key_id, typedKey) : null;
    return this.redemptions.redeem(campaign.campaign_id, { ...command, master_key: unlocked }).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'promo_campaign_not_found') return null;
      throw error;
    });
  }

  /**
   * No live campaign of the code holds the typed code: recorded on the code's refusals stream, a
   * high-volume stream nothing decides on (expected version "any"), and counted as a failed guess.
   */
  private async unknown(codeId: string, command: RedeemPromoCode, nonce: CheckedNonce, guard: { visitor: string; address: string }): Promise<PromoValidation> {
    const orgId = await this.codes.ownerOf(codeId);
    if (orgId === undefined) throw codeNotFound();
    const refused: PromoRefused = {
      type: 'PromoRefused',
      data: {
        campaign_id: null,
        code_id: codeId,
        org_id: orgId,
        promo_code: command.promo_code,
        visitor_key: command.visitor_key,
        nonce: nonce.nonce,
        nonce_issued_at: nonce.issued_at,
        // Rounded as the campaign's decider rounds its evidence (PromoEvidence).
        latitude: command.position === null ? null : roundedDegrees(command.position.latitude),
        longitude: command.position === null ? null : roundedDegrees(command.position.longitude),
        accuracy_m: command.position?.accuracy_m ?? null,
        distance_m: null,
        at: command.at,
        reason: 'unknown',
      },
    };
    await this.appender.append({
      streamId: promoRefusalsStreamId(codeId),
      expectedVersion: 'any',
      events: [{ type: refused.type, data: refused.data, occurredAt: new Date(command.at), metadata: { org_id: orgId } }],
    });
    await this.lockout.failed(guard);
    return refusal('unknown');
  }

  /**
   * The campaign a typed code of the QR code belongs to. Found ones are remembered for a few
   * seconds: on PGlite, one connection serves every query in turn, and a hot campaign's lookups
   * queued its appends behind them. Staleness is harmless, since the campaign's stream decides: a
   * campaign deleted meanwhile is looked up afresh (see validate), and so is one whenever a master
   * key is typed, so that a key just set unlocks at once. Codes no campaign holds are not remembered, so a new
   * campaign answers at once.
   */
  private async matching(qrId: string, promoCode: string, fresh = false): Promise<MatchedCampaign | undefined> {
    const key = `${qrId}\n${promoCode}`;
    const known = this.matched.get(key);
    if (known && !fresh && known.until > performance.now()) return known.campaign;
    this.matched.delete(key);
    const { rows } = await this.db.query<MatchedCampaign>(
      `SELECT c.campaign_id, c.org_id, c.master_key_id FROM promo_codes p JOIN promo_campaigns c ON c.campaign_id = p.campaign_id
        WHERE p.code_id = $1 AND p.promo_code = $2 AND c.status = 'live' LIMIT 1`,
      [qrId, promoCode],
    );
    const campaign = rows[0];
    if (!campaign) return undefined;
    // Map keeps insertion order: the oldest goes first once the map is full.
    if (this.matched.size >= MATCHED_MAX) this.matched.delete(this.matched.keys().next().value!);
    this.matched.set(key, { campaign, until: performance.now() + MATCHED_MS });
    return campaign;
  }

  /**
   * A keyed hash, never the raw values: of the browser's visitor id when the page sends one, else
   * of the address and user agent. Not salted by day as a scan's is, since a per-visitor limit
   * lasts as long as its campaign.
   */
  private async visitorKey(visitorId: string | undefined, address: string, visit: Visit): Promise<string> {
    const agent = visit.headers['user-agent'];
    const userAgent = (Array.isArray(agent) ? agent[0] : agent)?.slice(0, MAX_USER_AGENT) ?? '';
    const source = visitorId === undefined ? `address\n${address}\n${userAgent}` : `id\n${visitorId.toLowerCase()}`;
    return createHmac('sha256', await this.visitorSecret())
      .update(source)
      .digest('base64url')
      .slice(0, VISITOR_KEY_LENGTH);
  }
}
