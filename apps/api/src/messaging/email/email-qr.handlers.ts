import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type SendEmailQrBody, type SendResultView } from '@qr/contracts';
import { can } from '@qr/domain';
import { codeNotFound } from '../../codes';
import { type Caller, TenancyGate } from '../../identity';
import { OneTimeCodeIssuer } from '../../one-time-codes';
import type { DeliveryOutcome, QueuedDelivery } from '../messaging-channel';
import { EmailChannel, type EmailSendFields } from './email-channel';
import { EmailQrFiles } from './email-qr-files';

export class SendEmailQrCommand extends Command<SendResultView> {
  constructor(
    readonly caller: Caller,
    readonly body: SendEmailQrBody,
  ) {
    super();
  }
}

/** The delivery's answer as a single send's screen shows it. */
const resultOf = (delivery_id: string, outcome: DeliveryOutcome): SendResultView =>
  outcome.status === 'sent'
    ? { message: 'success', error: false, delivery_id, status: 'sent', outbox: outcome.outbox }
    : { message: 'error', error: true, delivery_id, status: 'failed', outbox: false };

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
    private readonly channel: EmailChannel,
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
    // TEMPORARY until the integrator's DeliveryQueue lands on main: delivered here, outside the queue.
    // Then: DeliveryQueue.enqueueOne(org_id, 'email', { address: to, name: null, fields }), kick the runner and answer the row's outcome.
    const delivery: QueuedDelivery = {
      delivery_id: randomUUID(),
      org_id,
      campaign_id: null,
      channel: 'email',
      recipient: to,
      name: null,
      fields,
      ordinal: 0,
      attempts: 0,
      is_test: false,
    };
    return resultOf(delivery.delivery_id, await this.channel.deliver(delivery, null));
  }
}
