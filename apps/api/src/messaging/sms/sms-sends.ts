import { Injectable } from '@nestjs/common';
import { DomainError, type PersonalValues, type SendResultView, type SendSmsBody } from '@qr/contracts';
import type { Caller } from '../../identity';
import { DeliveryQueue } from '../delivery-queue';
import { DeliveryRunner } from '../delivery-runner';
import { SmsAccess } from './sms-access';

/** How long a single send waits for the runner to hand it over before answering it as queued. */
const SEND_WAIT_MS = 10_000;

/**
 * One text to one number, now: queued like a campaign's message, so the runner asks the consent
 * ledger first and retries what Twilio could not take, then awaited until the runner settled it.
 * The text rides in the delivery's fields under `text`, where SmsChannel.deliver reads a single send's.
 */
@Injectable()
export class SmsSends {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly runner: DeliveryRunner,
    private readonly access: SmsAccess,
  ) {}

  /** Spec §7 "send SMS": staff text one number. */
  async single(caller: Caller, { org_id, to, message }: SendSmsBody): Promise<SendResultView> {
    await this.access.writer(caller, org_id);
    return this.send(org_id, to, message);
  }

  async send(orgId: string, to: string, text: string, fields: PersonalValues = {}): Promise<SendResultView> {
    const deliveryId = await this.queue.enqueueOne(orgId, 'sms', { address: to, name: null, fields: { ...fields, text } as PersonalValues });
    const deadline = Date.now() + SEND_WAIT_MS;
    let settled = await this.queue.one(deliveryId);
    while (settled?.status === 'queued' && Date.now() < deadline) {
      const round = this.runner.settledWithin(deadline - Date.now());
      this.runner.kick();
      await round;
      settled = await this.queue.one(deliveryId);
    }
    const status = settled?.status ?? 'queued';
    if (status === 'opted_out') throw new DomainError('messaging_opted_out', `${to} texted STOP: they get no more text messages until they text START.`);
    return {
      message: status === 'failed' ? 'error' : 'success',
      error: status === 'failed',
      delivery_id: deliveryId,
      status,
      outbox: settled?.outbox ?? false,
    };
  }
}
