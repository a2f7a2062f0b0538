import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type DeliveryStatus, type SendEmailQrBody, type SendResultView } from '@qr/contracts';
import { can } from '@qr/domain';
import { codeNotFound } from '../../codes';
import { type Caller, TenancyGate } from '../../identity';
import { OneTimeCodeIssuer } from '../../one-time-codes';
import { DeliveryQueue } from '../delivery-queue';
import { DeliveryRunner } from '../delivery-runner';
import type { EmailSendFields } from './email-channel';
import { EmailQrFiles } from './email-qr-files';

export class SendEmailQrCommand extends Command<SendResultView> {
  constructor(
    readonly caller: Caller,
    readonly body: SendEmailQrBody,
  ) {
    super();
  }
}

/** How long the request waits for the runner to hand the email over; past it, the answer says it is queued. */
const SEND_WAIT_MS = 10_000;

/**
 * Spec §7 "send email with QR codes attached": `amount` one-time codes of `base_code_id`, issued
 * as a batch of their own, all in one email to `to`. A transactional send the recipient asked
 * for, so it needs no campaign consent; a withdrawn address is still refused by the runner.
 */
@CommandHandler(SendEmailQrCommand)
export class SendEmailQrHandler implements ICommandHandler<SendEmailQrCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly files: EmailQrFiles,
    private readonly issuer: OneTimeCodeIssuer,
    private readonly queue: DeliveryQueue,
    private readonly runner: DeliveryRunner,
  ) {}

  async execute({ caller, body }: SendEmailQrCommand): Promise<SendResultView> {
    const { org_id, base_code_id, name, type, width, height, amount, to, subject, message } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot send messages.`);
    const options = { type, width, height, placement: 'attachment' as const };
    const look = await this.files.look(org_id, base_code_id, options, name);
    if (!look) throw codeNotFound();
    await this.files.assertScannable(look);
    const batchId = randomUUID();
    await this.issuer.issue({ actor, batch_id: batchId, org_id, base_code_id, amount });
    const fields: EmailSendFields = { subject, text: message, email_qr: { ...options, batch_id: batchId, base_code_id, name, amount } };
    const deliveryId = await this.queue.enqueueOne(org_id, 'email', { address: to, name: null, fields });
    this.runner.kick();
    const delivery = await this.settled(deliveryId);
    const failed = delivery.status === 'failed' || delivery.status === 'opted_out';
    return { message: failed ? 'error' : 'success', error: failed, delivery_id: deliveryId, status: delivery.status, outbox: delivery.outbox };
  }

  /** The delivery once the runner settled it, or as it is when the wait runs out (still queued, to be sent later). */
  private async settled(deliveryId: string): Promise<{ status: DeliveryStatus; outbox: boolean }> {
    const deadline = Date.now() + SEND_WAIT_MS;
    for (;;) {
      // Listening before looking: a round that settles it in between still wakes this one.
      const nextRound = this.runner.settledWithin(Math.max(0, deadline - Date.now()));
      const delivery = (await this.queue.one(deliveryId))!;
      if (delivery.status !== 'queued' || Date.now() >= deadline) return delivery;
      await nextRound;
    }
  }
}
