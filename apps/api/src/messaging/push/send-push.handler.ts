import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SendPushBody, SendPushView } from '@qr/contracts';
import { codeNotFound, CodeReads } from '../../codes';
import { type Caller, TenancyGate } from '../../identity';
import { LaunchCampaignCommand } from '../campaigns.handlers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "24 Dec 2026, 09:00 UTC": spelled out here, since Intl's month abbreviations differ between ICU versions ("Sep", "Sept"). */
export function sendTimeText(at: string): string {
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

const subscribersText = (count: number) => `${count} subscriber${count === 1 ? '' : 's'}`;

/** Spec §7 "send push notification", answered as spec §4 reads it: 'sent' when it goes now, 'Scheduled' for later. */
export class SendPushCommand extends Command<SendPushView> {
  constructor(
    readonly caller: Caller,
    readonly body: SendPushBody,
  ) {
    super();
  }
}

/**
 * A push send is a push campaign to the organisation's subscribed browsers (on one code when
 * given), drafted and scheduled through the campaign commands, so it has the campaign's progress,
 * delivery results and exactly-once sending; nobody subscribed is refused before a draft is left behind.
 */
@CommandHandler(SendPushCommand)
export class SendPushHandler implements ICommandHandler<SendPushCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
  ) {}

  async execute({ caller, body }: SendPushCommand): Promise<SendPushView> {
    // Another organisation's code is not found, rather than found to have no subscribers.
    if (body.code_id && (await this.codes.live(body.code_id))?.org_id !== body.org_id) {
      await this.gate.roleIn(caller, body.org_id);
      throw codeNotFound();
    }
    const sendAt = body.send_at ?? null;
    const { campaign, recipients } = await this.commands.execute(
      new LaunchCampaignCommand(
        caller,
        {
          org_id: body.org_id,
          channel: 'push',
          name: body.title,
          code_id: body.code_id,
          audience: body.code_id ? { code_id: body.code_id } : {},
          subject: body.title,
          message: body.body,
        },
        sendAt,
      ),
    );
    const message =
      sendAt === null ? `Notification sent to ${subscribersText(recipients)}.` : `Scheduled for ${sendTimeText(sendAt)} to ${subscribersText(recipients)}.`;
    return { message, campaign_id: campaign.campaign_id, subscribers: recipients };
  }
}
