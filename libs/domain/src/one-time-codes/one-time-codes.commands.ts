import type { CodeActor } from '../codes';

/** `batch_id` and `seed` are drawn by the handler, so the decider stays pure. */
export interface IssueOneTimeCodes {
  type: 'IssueOneTimeCodes';
  actor: CodeActor;
  batch_id: string;
  org_id: string;
  base_code_id: string;
  amount: number;
  seed: string;
}

export interface DeleteOneTimeCodes {
  type: 'DeleteOneTimeCodes';
  actor: CodeActor;
}

export type OneTimeBatchCommand = IssueOneTimeCodes | DeleteOneTimeCodes;

/** A visitor's scan claiming a code: no actor, anyone holding the code may use it once. */
export interface UseOneTimeCode {
  type: 'UseOneTimeCode';
  code_id: string;
  batch_id: string;
  base_code_id: string;
  org_id: string;
}
