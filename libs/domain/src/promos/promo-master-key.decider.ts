import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { PromoMasterKeyCommand } from './promos.commands';
import type { PromoMasterKeyEvent } from './promos.events';

export interface PromoMasterKeyState {
  status: 'live' | 'deleted' | null;
  /** The version of the secret in use; a rotation makes the next one. */
  version: number;
}

function decide(command: PromoMasterKeyCommand, state: PromoMasterKeyState): PromoMasterKeyEvent[] {
  if (!can.write('loyalty', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change promo keys.');
  if (command.type === 'CreatePromoMasterKey') {
    // Only a reused key_id gets here; answer as the store's `no_stream` append would.
    if (state.status !== null) throw new DomainError('wrong_expected_version', `Master key ${command.key_id} already exists.`);
    const { key_id, org_id, name } = command;
    return [{ type: 'PromoMasterKeyCreated', data: { key_id, org_id, name, created_by: command.actor.id } }];
  }
  if (state.status !== 'live') throw new DomainError('promo_master_key_not_found', 'No such master key.');
  switch (command.type) {
    case 'RenamePromoMasterKey':
      return [{ type: 'PromoMasterKeyRenamed', data: { name: command.name, renamed_by: command.actor.id } }];
    case 'RotatePromoMasterKey':
      return [{ type: 'PromoMasterKeyRotated', data: { version: state.version + 1, rotated_by: command.actor.id } }];
    case 'DeletePromoMasterKey':
      return [{ type: 'PromoMasterKeyDeleted', data: { deleted_by: command.actor.id } }];
  }
}

export const promoMasterKeyDecider: Decider<PromoMasterKeyCommand, PromoMasterKeyEvent, PromoMasterKeyState> = {
  initialState: { status: null, version: 0 },
  evolve: (state, event) => {
    switch (event.type) {
      case 'PromoMasterKeyCreated':
        return { status: 'live', version: 1 };
      case 'PromoMasterKeyRotated':
        return { ...state, version: event.data.version };
      case 'PromoMasterKeyDeleted':
        return { ...state, status: 'deleted' };
      case 'PromoMasterKeyRenamed':
        return state;
    }
  },
  decide,
};
