import { Inject, Injectable } from '@nestjs/common';
import { DomainError, renderTemplate, SMS_OPT_IN_WORDS, SMS_OPT_OUT_WORDS, type InboundSmsForm, type SmsStatusForm } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import twilio from 'twilio';
import { SQL_CLIENT } from '../../infrastructure';
import { ConsentLedger } from '../consent-ledger';
import { DeliveryQueue } from '../delivery-queue';
import { MessagingConnections, type TwilioSettings } from '../messaging-connections';
import { SmsCampaignKeys } from './sms-campaign-keys';

/** Where Twilio posts the texts people send to an organisation's numbers (set on each number bought here). */
export const INBOUND_SMS_PATH = '/api/v1/public/messaging/sms/inbound';
/** Where Twilio reports what became of a message sent here (each send's `statusCallback`, with `?org_id=`). */
export const SMS_STATUS_PATH = '/api/v1/public/messaging/sms/status';

const HELP_WORDS: readonly string[] = ['HELP', 'INFO'];
const REPLIES = {
  stopped: 'You are unsubscribed and will get no more text messages. Text START to subscribe again.',
  started: 'You are subscribed again. Text STOP to unsubscribe.',
  help: 'Text STOP to unsubscribe, START to subscribe again.',
} as const;

/** The signature headers of Twilio's webhook request. */
export interface TwilioSignature {
  signature: string | undefined;
  /** X-Twilio-Webhooks-Signature-Settings: which HMAC signed it (SHA-1 when absent). */
  settings: string | undefined;
}

/**
 * A text someone sent to an organisation's number (Twilio's incoming-message webhook): checked to
 * be Twilio's by its signature under the organisation's auth token, then read by its first word.
 * STOP and the other opt-out words withdraw SMS consent in the ledger, START gives it again, a
 * campaign keyword joins the audience (consent given) or asks for a reward, and each is answered
 * with a TwiML reply. Twilio's own Advanced Opt-Out may answer STOP itself; the ledger is ours.
 */
@Injectable()
export class SmsInbound {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly connections: MessagingConnections,
    private readonly ledger: ConsentLedger,
    private readonly keys: SmsCampaignKeys,
    private readonly queue: DeliveryQueue,
  ) {}

  /** Answers the TwiML Twilio sends back as the reply; refuses 403 what Twilio did not sign. */
  async receive(url: string, signed: TwilioSignature, params: Record<string, unknown>, form: InboundSmsForm): Promise<string> {
    const { orgId, settings } = await this.recipientOf(form.To);
    assertSigned(settings, url, signed, params);
    const reply = await this.answer(orgId, form);
    const twiml = new twilio.twiml.MessagingResponse();
    if (reply) twiml.message(reply);
    return twiml.toString();
  }

  /** A delivery receipt: `delivered`, or `failed`/`undelivered` with Twilio's error code; the states on the way change nothing. */
  async status(orgId: string, url: string, signed: TwilioSignature, params: Record<string, unknown>, form: SmsStatusForm): Promise<void> {
    const settings = await this.connections.settings(orgId, 'twilio');
    if (!settings) throw notTwilio();
    assertSigned(settings, url, signed, params);
    if (form.MessageStatus === 'delivered') await this.queue.delivered(orgId, form.MessageSid, 'delivered', null);
    if (form.MessageStatus === 'failed' || form.MessageStatus === 'undelivered') {
      await this.queue.delivered(
        orgId,
        form.MessageSid,
        'failed',
        `Twilio reported the message ${form.MessageStatus}${form.ErrorCode ? ` (Twilio error ${form.ErrorCode})` : ''}.`,
      );
    }
  }

  private async answer(orgId: string, { From: from, Body: body }: InboundSmsForm): Promise<string | null> {
    const word = body.trim().split(/\s+/)[0]!.toUpperCase();
    const note = `Texted ${word} to the organisation’s number.`;
    if ((SMS_OPT_OUT_WORDS as readonly string[]).includes(word)) {
      await this.ledger.record(orgId, 'sms', from, 'withdrawn', 'sms_keyword', note, null);
      return REPLIES.stopped;
    }
    if ((SMS_OPT_IN_WORDS as readonly string[]).includes(word)) {
      await this.ledger.record(orgId, 'sms', from, 'given', 'sms_keyword', note, null);
      return REPLIES.started;
    }
    if (HELP_WORDS.includes(word)) return REPLIES.help;
    const key = word === '' ? undefined : await this.keys.use(orgId, word);
    if (!key) return null;
    if (key.action === 'join') await this.ledger.record(orgId, 'sms', from, 'given', 'sms_keyword', note, null);
    return renderTemplate(key.reply, { phone: from });
  }

  /**
   * The organisation a number belongs to: one bought here, or the number its Twilio connection sends
   * from. The sealed settings cannot be searched, so the connection's summary (which starts with
   * that number) narrows the rows, and the opened settings confirm it.
   */
  private async recipientOf(to: string): Promise<{ orgId: string; settings: TwilioSettings }> {
    const bought = await this.db.query<{ org_id: string }>('SELECT org_id FROM messaging_numbers WHERE phone_number = $1', [to]);
    const connected = await this.db.query<{ org_id: string }>(
      "SELECT org_id FROM messaging_connections WHERE provider = 'twilio' AND starts_with(summary, $1)",
      [`${to} on account `],
    );
    for (const orgId of [...bought.rows, ...connected.rows].map((row) => row.org_id)) {
      const settings = await this.connections.settings(orgId, 'twilio');
      if (settings && (bought.rows.some((row) => row.org_id === orgId) || settings.from === to)) return { orgId, settings };
    }
    throw notTwilio();
  }
}

/** Twilio signs each webhook with the account's auth token over the URL it was given and every field (HMAC-SHA1 unless the settings header says otherwise). */
function assertSigned(settings: TwilioSettings, url: string, signed: TwilioSignature, params: Record<string, unknown>): void {
  const algorithm = twilio.getSignatureAlgorithm(signed.settings);
  if (!signed.signature || !twilio.validateRequest(settings.auth_token, signed.signature, url, params, algorithm)) throw notTwilio();
}

/** Told apart from nothing: whoever is not Twilio learns nothing of which numbers are ours. */
const notTwilio = () => new DomainError('forbidden', 'This request does not carry a valid Twilio signature.');
