import { CreateCampaignBody } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';
import { contentOf, draftOf, emptyDraft, insertField, scheduleOf, smsLength } from './campaign-draft';
import { CODE_ID, campaignView } from './messaging-admin-fixtures';

test('a text’s segments: 160 GSM-7 characters in one, 153 each beyond; the extension table costs two; anything else is UCS-2 at 70/67', () => {
  expect(smsLength('')).toEqual({ characters: 0, segments: 0, encoding: 'GSM-7' });
  expect(smsLength('a'.repeat(160))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7' });
  expect(smsLength('a'.repeat(161))).toEqual({ characters: 161, segments: 2, encoding: 'GSM-7' });
  expect(smsLength('a'.repeat(307))).toEqual({ characters: 307, segments: 3, encoding: 'GSM-7' });
  expect(smsLength('€10 {ok}')).toEqual({ characters: 11, segments: 1, encoding: 'GSM-7' });
  expect(smsLength('ć'.repeat(70))).toEqual({ characters: 70, segments: 1, encoding: 'UCS-2' });
  expect(smsLength('ć'.repeat(71))).toEqual({ characters: 71, segments: 2, encoding: 'UCS-2' });
  expect(smsLength('🎉')).toEqual({ characters: 2, segments: 1, encoding: 'UCS-2' });
});

test('a personal field goes in at the caret, or at the end without one', () => {
  expect(insertField('Hi !', 'first_name', 3)).toEqual({ text: 'Hi {{first_name}}!', caret: 17 });
  expect(insertField('Hi ', 'name', null)).toEqual({ text: 'Hi {{name}}', caret: 11 });
});

test('a draft becomes the contract’s body: unset filters left out, QR only for email, subject empty for SMS', () => {
  const draft = { ...emptyDraft('email', CODE_ID), name: 'Winter', subject: 'Hi', message: 'Hello', active_within_days: 30, qr_enabled: true };
  expect(CreateCampaignBody.parse({ org_id: ACME_ORG_ID, ...contentOf(draft) })).toMatchObject({
    audience: { code_id: CODE_ID, active_within_days: 30 },
    qr: { type: 'png', width: 300, height: 300, placement: 'inline' },
  });
  expect(contentOf({ ...draft, channel: 'sms' })).not.toHaveProperty('qr');
  expect(contentOf({ ...draft, channel: 'sms' })).toMatchObject({ subject: '' });
  expect(scheduleOf(draft)).toEqual({});
  expect(scheduleOf({ ...draft, send_mode: 'later', send_at: 'soon' })).toEqual({ send_at: 'soon' });
});

test('a saved campaign comes back into the editor as it was', () => {
  const campaign = campaignView({
    audience: { code_id: CODE_ID, active_within_days: 7 },
    qr: { type: 'pdf', width: 500, height: 400, placement: 'attachment' },
  });
  const draft = draftOf(campaign);
  expect(draft).toMatchObject({
    code_id: CODE_ID,
    active_within_days: 7,
    qr_enabled: true,
    qr_type: 'pdf',
    qr_width: 500,
    qr_placement: 'attachment',
    send_mode: 'now',
  });
  expect(contentOf(draft)).toMatchObject({ name: campaign.name, subject: campaign.subject, message: campaign.message, audience: campaign.audience });
});
