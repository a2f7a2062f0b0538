import { DomainError, SCHEDULE_GRACE_MS, type CampaignStatus, type MessagingChannel } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { CampaignCommand } from './messaging.commands';
import type { CampaignContent, CampaignEvent } from './messaging.events';

export interface CampaignState {
  status: CampaignStatus | null;
  org_id: string;
  channel: MessagingChannel | null;
  content: CampaignContent | null;
  send_at: string | null;
}

const initialState: CampaignState = { status: null, org_id: '', channel: null, content: null, send_at: null };

function evolve(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignDrafted':
      return { status: 'draft', org_id: event.data.org_id, channel: event.data.channel, content: event.data.content, send_at: null };
    case 'CampaignUpdated':
      return { ...state, content: event.data.content };
    case 'CampaignScheduled':
      return { ...state, status: 'scheduled', send_at: event.data.send_at };
    case 'CampaignCancelled':
      return { ...state, status: 'cancelled' };
    case 'CampaignSendingStarted':
      return { ...state, status: 'sending' };
    case 'CampaignSent':
      return { ...state, status: 'sent' };
  }
}

export const campaignNotFound = (): DomainError => new DomainError('messaging_campaign_not_found', 'No such campaign.');

const mayChange = (actor: CodeActor): void => {
  if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot change campaigns.`);
};

const notDraft = (status: CampaignStatus): DomainError =>
  new DomainError(
    'messaging_campaign_not_draft',
    status === 'scheduled' ? 'This campaign is scheduled: cancel it to change it.' : `This campaign is ${status}: duplicate it to send it again.`,
    { status },
  );

/**
 * A campaign's life: a draft changes freely; scheduling fixes it; the runner whose claim is
 * appended first sends it; a scheduled campaign can be cancelled until then. Who it reaches is the
 * runner's to work out when it starts (consent can change until the last minute).
 */
function decide(command: CampaignCommand, state: CampaignState): CampaignEvent[] {
  if (command.type === 'DraftCampaign') {
    mayChange(command.actor);
    if (state.status !== null) throw new DomainError('wrong_expected_version', 'A campaign with this id exists.');
    const { campaign_id, org_id, channel, content, at } = command;
    return [{ type: 'CampaignDrafted', data: { campaign_id, org_id, channel, content, created_by: command.actor.id, at } }];
  }
  if (state.status === null) throw campaignNotFound();
  switch (command.type) {
    case 'UpdateCampaign':
      mayChange(command.actor);
      if (state.status !== 'draft') throw notDraft(state.status);
      if (command.channel !== state.channel) {
        throw new DomainError('validation_failed', `This is ${state.channel === 'email' ? 'an' : 'a'} ${state.channel} campaign: its channel stays.`, {
          field: 'body.channel',
        });
      }
      return [{ type: 'CampaignUpdated', data: { content: command.content, updated_by: command.actor.id } }];
    case 'ScheduleCampaign': {
      mayChange(command.actor);
      if (state.status !== 'draft') throw notDraft(state.status);
      const now = Date.parse(command.now);
      // The contract refuses a past time first; a caller that skips it (the CLI, a script) is refused here.
      if (command.send_at !== null && Date.parse(command.send_at) < now - SCHEDULE_GRACE_MS) {
        throw new DomainError('validation_failed', 'That time has passed: choose a time from now on.', { field: 'body.send_at' });
      }
      return [{ type: 'CampaignScheduled', data: { send_at: command.send_at ?? command.now, scheduled_by: command.actor.id } }];
    }
    case 'CancelCampaign':
      mayChange(command.actor);
      if (state.status !== 'scheduled') {
        throw new DomainError(
          'messaging_campaign_not_draft',
          state.status === 'draft' ? 'This campaign is not scheduled.' : `This campaign is ${state.status}: it can no longer be cancelled.`,
          {
            status: state.status,
          },
        );
      }
      return [{ type: 'CampaignCancelled', data: { cancelled_by: command.actor.id } }];
    case 'StartSending':
      if (state.status !== 'scheduled') throw notDraft(state.status);
      if (Date.parse(state.send_at!) > Date.parse(command.now))
        throw new DomainError('messaging_campaign_not_draft', 'This campaign is not due yet.', { status: state.status });
      return [
        {
          type: 'CampaignSendingStarted',
          data: { recipients: command.recipients, runner: command.runner, at: command.now, one_time_batch_id: command.one_time_batch_id },
        },
      ];
    case 'FinishSending':
      if (state.status !== 'sending') throw notDraft(state.status);
      return [{ type: 'CampaignSent', data: { at: command.now } }];
  }
}

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = { initialState, evolve, decide };
