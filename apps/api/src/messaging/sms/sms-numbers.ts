import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type AvailableNumbersBody, type AvailableNumberView, type PurchaseNumberBody, type PurchasedNumberView } from '@qr/contracts';
import type { Config, SqlClient } from '@qr/platform';
import type { Caller } from '../../identity';
import { CONFIG, SQL_CLIENT } from '../../infrastructure';
import { MessagingConnections, type TwilioSettings } from '../messaging-connections';
import { SmsAccess } from './sms-access';
import { INBOUND_SMS_PATH } from './sms-inbound';
import { TwilioClients, twilioFailure } from './twilio-clients';

/** How many available numbers one search lists: enough to choose from, few enough to read. */
const AVAILABLE_NUMBERS_SHOWN = 20;

/**
 * Spec §7 "fetch available numbers" and "purchase phone number", on the organisation's own Twilio
 * account. A bought number's incoming texts come to the inbound webhook, so its keywords and STOP
 * work from the first text; it is kept in messaging_numbers, which is how an inbound text finds
 * its organisation.
 */
@Injectable()
export class SmsNumbers {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly access: SmsAccess,
    private readonly connections: MessagingConnections,
    private readonly twilio: TwilioClients,
  ) {}

  async available(caller: Caller, { org_id, country, area_code }: AvailableNumbersBody): Promise<AvailableNumberView[]> {
    await this.access.writer(caller, org_id);
    const client = this.twilio.of(await this.connected(org_id));
    try {
      const numbers = await client
        .availablePhoneNumbers(country)
        .local.list({ ...(area_code ? { areaCode: Number(area_code) } : {}), smsEnabled: true, limit: AVAILABLE_NUMBERS_SHOWN });
      return numbers.map((number) => ({
        phone_number: number.phoneNumber,
        friendly_name: number.friendlyName,
        locality: number.locality || null,
        region: number.region || null,
      }));
    } catch (error) {
      throw providerFailed(error);
    }
  }

  async purchase(caller: Caller, { org_id, phone_number }: PurchaseNumberBody): Promise<PurchasedNumberView> {
    await this.access.buyer(caller, org_id);
    const client = this.twilio.of(await this.connected(org_id));
    let providerSid: string;
    try {
      const bought = await client.incomingPhoneNumbers.create({
        phoneNumber: phone_number,
        smsUrl: `${this.config.PUBLIC_URL}${INBOUND_SMS_PATH}`,
        smsMethod: 'POST',
      });
      providerSid = bought.sid;
    } catch (error) {
      throw providerFailed(error);
    }
    const { rows } = await this.db.query<{ purchased_at: Date }>(
      `INSERT INTO messaging_numbers (org_id, phone_number, provider_sid) VALUES ($1, $2, $3)
       ON CONFLICT (org_id, phone_number) DO UPDATE SET provider_sid = EXCLUDED.provider_sid RETURNING purchased_at`,
      [org_id, phone_number, providerSid],
    );
    return { phone_number, provider_sid: providerSid, purchased_at: rows[0]!.purchased_at.toISOString() };
  }

  private async connected(orgId: string): Promise<TwilioSettings> {
    const settings = await this.connections.settings(orgId, 'twilio');
    if (!settings) throw new DomainError('messaging_not_connected', 'Connect a Twilio account first: numbers are searched and bought on it.');
    return settings;
  }
}

/** Twilio's refusal in its own words, as a 502: the request was ours to make, the answer theirs. */
export const providerFailed = (error: unknown) => new DomainError('messaging_provider_failed', twilioFailure(error).reason);
