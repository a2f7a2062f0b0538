import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type CheckVerificationBody, type StartVerificationBody, type VerificationView } from '@qr/contracts';
import { lazyServerSecret, type SqlClient } from '@qr/platform';
import type { Caller } from '../../identity';
import { SQL_CLIENT } from '../../infrastructure';
import { MessagingConnections, type TwilioSettings } from '../messaging-connections';
import { SmsAccess } from './sms-access';
import { providerFailed } from './sms-numbers';
import { SmsSends } from './sms-sends';
import { TwilioClients } from './twilio-clients';

const SECRET_NAME = 'messaging_verifications';
/** A code lives ten minutes and takes five tries: a million codes cannot be walked in that. */
const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

type Verify = TwilioSettings & { verify_service_sid: string };
const failed = (message: string) => new DomainError('messaging_verification_failed', message);

/**
 * Spec §7 "phone-number verification": a six-digit code texted to a number, then checked. With a
 * Twilio Verify service connected, Twilio draws, sends and checks the code; otherwise the product
 * draws it, keeps only its keyed hash in messaging_verifications and texts it through the delivery
 * queue like any other single send (so a number that texted STOP is not texted again).
 */
@Injectable()
export class SmsVerification {
  private readonly key: () => Promise<Buffer>;

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: SmsAccess,
    private readonly connections: MessagingConnections,
    private readonly twilio: TwilioClients,
    private readonly sends: SmsSends,
  ) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  async start(caller: Caller, { org_id, phone }: StartVerificationBody): Promise<VerificationView> {
    await this.access.writer(caller, org_id);
    const verify = await this.verifyService(org_id);
    if (verify) {
      try {
        await this.twilio.of(verify).verify.v2.services(verify.verify_service_sid).verifications.create({ to: phone, channel: 'sms' });
      } catch (error) {
        throw providerFailed(error);
      }
      return { phone, status: 'pending' };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(
      `INSERT INTO messaging_verifications (org_id, phone, code_hash, attempts, expires_at, approved) VALUES ($1, $2, $3, 0, $4, false)
       ON CONFLICT (org_id, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, approved = false`,
      [org_id, phone, await this.hash(org_id, phone, code), new Date(Date.now() + CODE_LIFETIME_MS)],
    );
    await this.sends.send(org_id, phone, `Your verification code is ${code}. It expires in 10 minutes.`);
    return { phone, status: 'pending' };
  }

  async check(caller: Caller, { org_id, phone, code }: CheckVerificationBody): Promise<VerificationView> {
    await this.access.writer(caller, org_id);
    const verify = await this.verifyService(org_id);
    if (verify) {
      let status: string;
      try {
        status = (await this.twilio.of(verify).verify.v2.services(verify.verify_service_sid).verificationChecks.create({ to: phone, code })).status;
      } catch {
        // Verify answers 404 (error 20404) once a verification is approved, expired or out of tries.
        throw failed('No code is pending for this number: ask for a new one.');
      }
      if (status !== 'approved') throw failed('That code is not the one sent: check the text message and try again.');
      return { phone, status: 'approved' };
    }
    // Counted before comparing, in one statement: parallel guesses cannot share a try.
    const { rows } = await this.db.query<{ code_hash: string }>(
      `UPDATE messaging_verifications SET attempts = attempts + 1
        WHERE org_id = $1 AND phone = $2 AND NOT approved AND expires_at > now() AND attempts < $3 RETURNING code_hash`,
      [org_id, phone, MAX_ATTEMPTS],
    );
    if (!rows[0]) throw failed('No code is pending for this number, it expired or took too many tries: ask for a new one.');
    const given = Buffer.from(await this.hash(org_id, phone, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(rows[0].code_hash, 'hex'))) throw failed('That code is not the one sent: check the text message and try again.');
    await this.db.query('UPDATE messaging_verifications SET approved = true WHERE org_id = $1 AND phone = $2', [org_id, phone]);
    return { phone, status: 'approved' };
  }

  private async verifyService(orgId: string): Promise<Verify | undefined> {
    const settings = await this.connections.settings(orgId, 'twilio');
    return settings?.verify_service_sid ? { ...settings, verify_service_sid: settings.verify_service_sid } : undefined;
  }

  /** Keyed to the organisation and number: a hash lifted from the table matches nothing elsewhere. */
  private async hash(orgId: string, phone: string, code: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`${orgId}\n${phone}\n${code}`)
      .digest('hex');
  }
}
