import type { MessagingChannel } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { CampaignContent } from './messaging.events';

/** `campaign_id` is drawn by the handler; it has checked that the code is the organisation's. */
export interface DraftCampaign {
  type: 'DraftCampaign';
  actor: CodeActor;
  campaign_id: string;
  org_id: string;
  channel: MessagingChannel;
  content: CampaignContent;
  at: string;
}

export interface UpdateCampaign {
  type: 'UpdateCampaign';
  actor: CodeActor;
  channel: MessagingChannel;
  content: CampaignContent;
}

/** `send_at` is absent for "now"; `now` is the request's time. */
export interface ScheduleCampaign {
  type: 'ScheduleCampaign';
  actor: CodeActor;
  send_at: string | null;
  now: string;
}

export interface CancelCampaign {
  type: 'CancelCampaign';
  actor: CodeActor;
}

/** The runner's claim once the campaign is due and its audience is known. */
export interface StartSending {
  type: 'StartSending';
  recipients: number;
  runner: string;
  one_time_batch_id: string | null;
  now: string;
}

export interface FinishSending {
  type: 'FinishSending';
  now: string;
}

export type CampaignCommand = DraftCampaign | UpdateCampaign | ScheduleCampaign | CancelCampaign | StartSending | FinishSending;
