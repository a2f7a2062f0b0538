import { MAX_ONE_TIME_CODES } from '@qr/contracts';
import { deciderSpec } from '../testing/decider-spec';
import type { CodeActor } from '../codes';
import type { IssueOneTimeCodes, UseOneTimeCode } from './one-time-codes.commands';
import { oneTimeBatchDecider, oneTimeCodeDecider } from './one-time-codes.decider';
import type { OneTimeBatchEvent, OneTimeCodeUsed } from './one-time-codes.events';

const givenBatch = deciderSpec(oneTimeBatchDecider);
const givenCode = deciderSpec(oneTimeCodeDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const batch = { batch_id: '0190a6b2-0000-7000-8000-000000000001', org_id: 'org-1', base_code_id: 'AbCdEf1234', seed: 'c2VlZA' };
const issue = (amount: number, actor = editor): IssueOneTimeCodes => ({ type: 'IssueOneTimeCodes', actor, amount, ...batch });
const issued: OneTimeBatchEvent = { type: 'OneTimeCodesIssued', data: { ...batch, amount: 500, issued_by: editor.id } };
const deleted: OneTimeBatchEvent = { type: 'OneTimeCodesDeleted', data: { deleted_by: editor.id } };

describe('the one-time batch decider', () => {
  it('issues a batch of codes in one event', () => givenBatch([]).when(issue(500)).then([issued]));
  it('issues up to the documented limit and not one more, nor none', () => {
    givenBatch([])
      .when(issue(MAX_ONE_TIME_CODES))
      .then([{ ...issued, data: { ...issued.data, amount: MAX_ONE_TIME_CODES } } as OneTimeBatchEvent]);
    givenBatch([])
      .when(issue(MAX_ONE_TIME_CODES + 1))
      .then('validation_failed');
    givenBatch([]).when(issue(0)).then('validation_failed');
    givenBatch([]).when(issue(-3)).then('validation_failed');
    givenBatch([]).when(issue(2.5)).then('validation_failed');
  });
  it('refuses a viewer', () => givenBatch([]).when(issue(5, viewer)).then('forbidden'));
  it('refuses to issue the same batch twice', () => givenBatch([issued]).when(issue(500)).then('wrong_expected_version'));
  it('deletes a batch once; a deleted or unknown batch is not found', () => {
    givenBatch([issued]).when({ type: 'DeleteOneTimeCodes', actor: editor }).then([deleted]);
    givenBatch([issued, deleted]).when({ type: 'DeleteOneTimeCodes', actor: editor }).then('one_time_batch_not_found');
    givenBatch([]).when({ type: 'DeleteOneTimeCodes', actor: editor }).then('one_time_batch_not_found');
    givenBatch([issued]).when({ type: 'DeleteOneTimeCodes', actor: viewer }).then('forbidden');
  });
});

describe('the one-time code decider', () => {
  const use: UseOneTimeCode = { type: 'UseOneTimeCode', code_id: 'ZyXwVu9876', batch_id: batch.batch_id, base_code_id: batch.base_code_id, org_id: 'org-1' };
  const used: OneTimeCodeUsed = {
    type: 'OneTimeCodeUsed',
    data: { code_id: 'ZyXwVu9876', batch_id: batch.batch_id, base_code_id: batch.base_code_id, org_id: 'org-1' },
  };
  it('lets the first scan use the code', () => givenCode([]).when(use).then([used]));
  it('refuses every later scan', () => givenCode([used]).when(use).then('wrong_expected_version'));
});
