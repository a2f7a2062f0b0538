import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { campaignDecider } from './campaign.decider';
import type { CampaignContent, CampaignEvent } from './messaging.events';

const given = deciderSpec(campaignDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const CAMPAIGN = 'e0000000-0000-4000-8000-000000000005';
const NOON = '2026-12-02T12:00:00.000Z';
const LATER = '2026-12-02T15:00:00.000Z';
const content: CampaignContent = {
  name: 'Winter offer',
  code_id: 'AbCdEf1234',
  audience: {},
  subject: 'Hello {{first_name}}',
  message: 'Your code: {{code_url}}',
  qr: null,
};

const drafted: CampaignEvent = {
  type: 'CampaignDrafted',
  data: { campaign_id: CAMPAIGN, org_id: 'org-1', channel: 'email', content, created_by: editor.id, at: NOON },
};
const scheduled = (send_at: string): CampaignEvent => ({ type: 'CampaignScheduled', data: { send_at, scheduled_by: editor.id } });
const started: CampaignEvent = { type: 'CampaignSendingStarted', data: { recipients: 3, runner: 'r1', at: LATER, one_time_batch_id: null } };

describe('the campaign decider', () => {
  it('drafts for editors, not for viewers', () => {
    const draft = { type: 'DraftCampaign' as const, actor: editor, campaign_id: CAMPAIGN, org_id: 'org-1', channel: 'email' as const, content, at: NOON };
    given([]).when(draft).then([drafted]);
    given([])
      .when({ ...draft, actor: viewer })
      .then('forbidden');
  });

  it('changes a draft only, and never its channel', () => {
    const update = { type: 'UpdateCampaign' as const, actor: editor, channel: 'email' as const, content: { ...content, name: 'Spring offer' } };
    given([drafted])
      .when(update)
      .then([{ type: 'CampaignUpdated', data: { content: update.content, updated_by: editor.id } }]);
    given([drafted])
      .when({ ...update, channel: 'sms' })
      .then('validation_failed');
    given([drafted, scheduled(LATER)])
      .when(update)
      .then('messaging_campaign_not_draft');
  });

  it('schedules now or later, never in the past', () => {
    given([drafted])
      .when({ type: 'ScheduleCampaign', actor: editor, send_at: null, now: NOON })
      .then([scheduled(NOON)]);
    given([drafted])
      .when({ type: 'ScheduleCampaign', actor: editor, send_at: LATER, now: NOON })
      .then([scheduled(LATER)]);
    given([drafted]).when({ type: 'ScheduleCampaign', actor: editor, send_at: '2026-12-02T11:00:00.000Z', now: NOON }).then('validation_failed');
  });

  it('starts once, when due, and cancels only what has not started', () => {
    given([drafted, scheduled(LATER)])
      .when({ type: 'StartSending', recipients: 3, runner: 'r1', one_time_batch_id: null, now: NOON })
      .then('messaging_campaign_not_draft');
    given([drafted, scheduled(LATER)])
      .when({ type: 'StartSending', recipients: 3, runner: 'r1', one_time_batch_id: null, now: LATER })
      .then([started]);
    given([drafted, scheduled(LATER), started])
      .when({ type: 'StartSending', recipients: 3, runner: 'r2', one_time_batch_id: null, now: LATER })
      .then('messaging_campaign_not_draft');
    given([drafted, scheduled(LATER)])
      .when({ type: 'CancelCampaign', actor: editor })
      .then([{ type: 'CampaignCancelled', data: { cancelled_by: editor.id } }]);
    given([drafted, scheduled(LATER), started])
      .when({ type: 'CancelCampaign', actor: editor })
      .then('messaging_campaign_not_draft');
    given([drafted, scheduled(LATER), started])
      .when({ type: 'FinishSending', now: LATER })
      .then([{ type: 'CampaignSent', data: { at: LATER } }]);
  });

  it('answers not found for a campaign that does not exist', () => {
    given([]).when({ type: 'CancelCampaign', actor: editor }).then('messaging_campaign_not_found');
  });
});
