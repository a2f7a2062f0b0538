import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CodeId, EmailQrOptions, type AudienceFilter, type PersonalValues } from '@qr/contracts';
import type { CodeActor } from '@qr/domain';
import type { Config } from '@qr/platform';
import { z } from 'zod';
import { codeNotFound, CodeReads, publicLinkOf } from '../../codes';
import { CONFIG } from '../../infrastructure';
import { OneTimeCodeIssuer, type IssuedCodes } from '../../one-time-codes';
import { ConsentingAudience } from '../consenting-audience';
import type { CampaignRow, DeliveryOutcome, MessagingChannelPort, QueuedDelivery, Recipient } from '../messaging-channel';
import { MessagingConnections } from '../messaging-connections';
import { MessagingOutbox } from '../messaging-outbox';
import { UnsubscribeLinks } from '../unsubscribe-links';
import { composeEmail, type EmailQrFile } from './email-message';
import { EmailQrFiles, type QrLook } from './email-qr-files';
import { SmtpSender } from './smtp-sender';

/**
 * What a single email send (outside a campaign) keeps in its delivery's `fields`, beside the
 * recipient's personal values: `subject` and `text` (templates, as a campaign's subject and
 * message), and `email_qr` when it carries one-time codes: ordinals 1 to `amount` of `batch_id`,
 * codes of `base_code_id`, drawn as `type` at `width` × `height`, placed `placement`, named `name`.
 */
export const EmailSendFields = z.object({
  subject: z.string(),
  text: z.string(),
  email_qr: EmailQrOptions.extend({
    batch_id: z.uuid(),
    base_code_id: CodeId,
    name: z.string(),
    amount: z.number().int().min(1),
  }).optional(),
});
/** Kept in `fields` beside the personal values, which its `{{fields}}` take. */
export type EmailSendFields = z.infer<typeof EmailSendFields> & PersonalValues;

/**
 * The one-time codes one email carries: ordinals `first` to `first + count - 1` of the batch. No
 * batch: a campaign's test send, which shows the base code's own QR instead.
 */
interface QrPlan {
  batch_id: string | null;
  base_code_id: string;
  first: number;
  count: number;
  options: EmailQrOptions;
  name: string;
}

interface EmailPlan {
  subject: string;
  message: string;
  qr: QrPlan | null;
  /** `{{code_url}}` when the email carries no one-time code. */
  code_url: string | undefined;
}

/** Looks kept this long: a campaign draws every recipient's code in one look, and a changed design shows within a minute. */
const LOOK_TTL_MS = 60_000;
const MAX_LOOKS = 100;
/** Ordinals per query of a campaign's one-time codes, and how many such chunks a process keeps. */
const CODE_CHUNK = 500;
const MAX_CODE_CHUNKS = 200;

/**
 * The batch of an email campaign's one-time codes, named by the campaign: a start that a restart
 * runs again finds the same batch (RFC 9562 §5.8 name-based UUID, version 8, from SHA-256).
 */
export function campaignBatchId(campaignId: string): string {
  const bytes = createHash('sha256').update(`messaging-campaign-one-time-batch:${campaignId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const failed = (reason: string, retry: boolean): DeliveryOutcome => ({ status: 'failed', reason, retry });

/**
 * The email channel (issue 55): the consenting audience, an email campaign's one-time codes (one
 * per recipient, issued when its sending begins), and each message composed with the recipient's
 * QR image and unsubscribe links, handed to the organisation's SMTP server or, without one, kept
 * in the outbox.
 */
@Injectable()
export class EmailChannel implements MessagingChannelPort {
  readonly channel = 'email' as const;
  private readonly host: string;
  private readonly looks = new Map<string, { look: Promise<QrLook | undefined>; until: number }>();
  /** A campaign's one-time codes by chunk of ordinals: its recipients are sent in ordinal order, a query per chunk rather than per email. */
  private readonly codeChunks = new Map<string, Promise<IssuedCodes>>();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly consenting: ConsentingAudience,
    private readonly codes: CodeReads,
    private readonly issuer: OneTimeCodeIssuer,
    private readonly files: EmailQrFiles,
    private readonly links: UnsubscribeLinks,
    private readonly connections: MessagingConnections,
    private readonly outbox: MessagingOutbox,
    private readonly smtp: SmtpSender,
  ) {
    this.host = new URL(config.PUBLIC_URL).hostname;
  }

  audience(orgId: string, filter: AudienceFilter): Promise<Recipient[]> {
    return this.consenting.of(orgId, 'email', filter);
  }

  async prepare(campaign: CampaignRow, recipients: number): Promise<{ one_time_batch_id: string | null }> {
    const { qr, code_id } = campaign.content;
    if (!qr || !code_id || recipients === 0) return { one_time_batch_id: null };
    if ((await this.codes.ownerOf(code_id)) !== campaign.org_id) throw codeNotFound();
    const batchId = campaignBatchId(campaign.campaign_id);
    // Whoever scheduled the campaign could change codes (messaging.write is codes.write's roles); the batch records the campaign.
    const actor: CodeActor = { id: `messaging-campaign:${campaign.campaign_id}`, role: 'editor' };
    await this.issuer.issueOnce({ actor, batch_id: batchId, org_id: campaign.org_id, base_code_id: code_id, amount: recipients });
    return { one_time_batch_id: batchId };
  }

  async deliver(delivery: QueuedDelivery, campaign: CampaignRow | null): Promise<DeliveryOutcome> {
    const plan = campaign ? this.campaignPlan(delivery, campaign) : singlePlan(delivery);
    if (!plan) return failed('This email was queued without its subject and text.', false);
    const qr = plan.qr ? await this.qrFiles(delivery.org_id, plan.qr) : [];
    if (!Array.isArray(qr)) return qr;
    const [unsubscribePage, oneClick] = await Promise.all([
      this.links.urlFor(delivery.org_id, 'email', delivery.recipient),
      this.links.oneClickUrlFor(delivery.org_id, 'email', delivery.recipient),
    ]);
    const values: PersonalValues = { ...delivery.fields, email: delivery.recipient, code_url: qr[0]?.link ?? plan.code_url };
    const email = composeEmail({
      delivery_id: delivery.delivery_id,
      recipient: delivery.recipient,
      subject: plan.subject,
      message: plan.message,
      values,
      qr,
      unsubscribe: { page: unsubscribePage, one_click: oneClick },
      host: this.host,
    });
    const settings = await this.connections.settings(delivery.org_id, 'smtp');
    if (!settings) {
      await this.outbox.keep(delivery.org_id, email, { campaign_id: delivery.campaign_id, delivery_id: delivery.delivery_id });
      return { status: 'sent', provider_id: null, outbox: true };
    }
    return this.smtp.send(delivery.org_id, settings, email);
  }

  /** A campaign's recipient N (0-based) gets the batch's code of ordinal N + 1 (ordinals start at 1). */
  private campaignPlan(delivery: QueuedDelivery, campaign: CampaignRow): EmailPlan {
    const { content } = campaign;
    // A test send never takes a recipient's one-time code: it shows the base code's own QR, in their codes' look.
    const batchId = delivery.is_test ? null : campaign.one_time_batch_id;
    const qr: QrPlan | null =
      content.qr && content.code_id && (batchId !== null || delivery.is_test)
        ? {
            batch_id: batchId,
            base_code_id: content.code_id,
            first: delivery.ordinal + 1,
            count: 1,
            options: content.qr,
            name: content.name,
          }
        : null;
    return {
      subject: content.subject,
      message: content.message,
      qr,
      code_url: content.code_id ? publicLinkOf(this.config.PUBLIC_URL, content.code_id) : undefined,
    };
  }

  private async qrFiles(orgId: string, plan: QrPlan): Promise<EmailQrFile[] | DeliveryOutcome> {
    const codeIds = await this.codeIdsOf(orgId, plan);
    if (!Array.isArray(codeIds)) return codeIds;
    const look = await this.lookOf(orgId, plan);
    if (!look) return failed('The code whose one-time QR codes this email carries was deleted.', false);
    return this.files.filesOf(look, codeIds, plan.count > 1);
  }

  private async codeIdsOf(orgId: string, plan: QrPlan): Promise<string[] | DeliveryOutcome> {
    if (plan.batch_id === null) return [plan.base_code_id];
    const codes =
      plan.count === 1
        ? await this.campaignCode(orgId, plan.batch_id, plan.first)
        : await this.issuer.codesBetween(orgId, plan.batch_id, plan.first, plan.first + plan.count - 1);
    // The batch was issued before this row was released: its read model is behind, and catches up.
    if (!codes.materialised) return failed('The one-time codes for this email are not ready yet.', true);
    const codeIds = Array.from({ length: plan.count }, (_, index) => codes.byOrdinal.get(plan.first + index));
    if (codeIds.some((codeId) => codeId === undefined)) return failed('No one-time code is left for this recipient.', false);
    return codeIds as string[];
  }

  /** The chunk of a campaign's codes that holds `ordinal`; a chunk not yet projected is asked again next time. */
  private campaignCode(orgId: string, batchId: string, ordinal: number): Promise<IssuedCodes> {
    const first = Math.floor((ordinal - 1) / CODE_CHUNK) * CODE_CHUNK + 1;
    const key = `${orgId}\n${batchId}\n${first}`;
    let chunk = this.codeChunks.get(key);
    if (!chunk) {
      if (this.codeChunks.size >= MAX_CODE_CHUNKS) this.codeChunks.clear();
      chunk = this.issuer.codesBetween(orgId, batchId, first, first + CODE_CHUNK - 1);
      this.codeChunks.set(key, chunk);
      chunk.then(
        (codes) => void (codes.materialised || this.codeChunks.delete(key)),
        () => this.codeChunks.delete(key),
      );
    }
    return chunk;
  }

  /** The base code's look, read once for a campaign's many recipients rather than once each. */
  private lookOf(orgId: string, plan: QrPlan): Promise<QrLook | undefined> {
    const key = JSON.stringify([orgId, plan.base_code_id, plan.options, plan.name]);
    const now = Date.now();
    const kept = this.looks.get(key);
    if (kept && kept.until > now) return kept.look;
    if (this.looks.size >= MAX_LOOKS) this.looks.clear();
    const look = this.files.look(orgId, plan.base_code_id, plan.options, plan.name);
    this.looks.set(key, { look, until: now + LOOK_TTL_MS });
    look.catch(() => this.looks.delete(key));
    return look;
  }
}

function singlePlan(delivery: QueuedDelivery): EmailPlan | null {
  const parsed = EmailSendFields.safeParse(delivery.fields);
  if (!parsed.success) return null;
  const { subject, text, email_qr } = parsed.data;
  const qr: QrPlan | null = email_qr
    ? {
        batch_id: email_qr.batch_id,
        base_code_id: email_qr.base_code_id,
        first: 1,
        count: email_qr.amount,
        options: { type: email_qr.type, width: email_qr.width, height: email_qr.height, placement: email_qr.placement },
        name: email_qr.name,
      }
    : null;
  return { subject, message: text, qr, code_url: undefined };
}
