import { DomainError, MAX_ONE_TIME_CODES } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { OneTimeBatchCommand, UseOneTimeCode } from './one-time-codes.commands';
import type { OneTimeBatchEvent, OneTimeCodeUsed } from './one-time-codes.events';

export interface OneTimeBatchState {
  status: 'issued' | 'deleted' | null;
}

function decideBatch(command: OneTimeBatchCommand, state: OneTimeBatchState): OneTimeBatchEvent[] {
  if (!can.write('codes', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change codes.');
  if (command.type === 'DeleteOneTimeCodes') {
    if (state.status !== 'issued') throw new DomainError('one_time_batch_not_found', 'No such batch of one-time codes.');
    return [{ type: 'OneTimeCodesDeleted', data: { deleted_by: command.actor.id } }];
  }
  // Only a reused batch_id gets here; answer as the store's `no_stream` append would.
  if (state.status !== null) throw new DomainError('wrong_expected_version', `Batch ${command.batch_id} already exists.`);
  // The contract refuses these first; a caller that skips it (a script, the CLI) still cannot store them.
  if (!Number.isInteger(command.amount) || command.amount < 1 || command.amount > MAX_ONE_TIME_CODES) {
    throw new DomainError('validation_failed', `Create between 1 and ${MAX_ONE_TIME_CODES} one-time codes.`, { field: 'amount' });
  }
  const { batch_id, org_id, base_code_id, amount, seed } = command;
  return [{ type: 'OneTimeCodesIssued', data: { batch_id, org_id, base_code_id, amount, seed, issued_by: command.actor.id } }];
}

export const oneTimeBatchDecider: Decider<OneTimeBatchCommand, OneTimeBatchEvent, OneTimeBatchState> = {
  initialState: { status: null },
  evolve: (_state, event) => ({ status: event.type === 'OneTimeCodesIssued' ? 'issued' : 'deleted' }),
  decide: decideBatch,
};

export interface OneTimeCodeState {
  used: boolean;
}

/**
 * A code is used once. The scan path does not load the stream to decide: it appends what this
 * decides from the initial state with expected version `no_stream`, which is the same fold checked
 * by the store, atomically, so a concurrent scan cannot slip between read and append.
 */
export const oneTimeCodeDecider: Decider<UseOneTimeCode, OneTimeCodeUsed, OneTimeCodeState> = {
  initialState: { used: false },
  evolve: () => ({ used: true }),
  decide: (command, state) => {
    if (state.used) throw new DomainError('wrong_expected_version', `One-time code ${command.code_id} is already used.`);
    const { code_id, batch_id, base_code_id, org_id } = command;
    return [{ type: 'OneTimeCodeUsed', data: { code_id, batch_id, base_code_id, org_id } }];
  },
};
