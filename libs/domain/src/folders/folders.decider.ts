import { DomainError } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { FolderCommand } from './folders.commands';
import type { FolderEvent } from './folders.events';

export interface FolderState {
  status: 'none' | 'live' | 'removed';
  name: string;
}

const initialState: FolderState = { status: 'none', name: '' };

function evolve(state: FolderState, event: FolderEvent): FolderState {
  switch (event.type) {
    case 'FolderCreated':
      return { status: 'live', name: event.data.name };
    case 'FolderRenamed':
      return { ...state, name: event.data.name };
    case 'FolderRemoved':
      return { ...state, status: 'removed' };
    case 'CodesFiled':
    case 'CodesUnfiled':
      return state;
  }
}

/**
 * Folders sort codes, so changing them is changing codes (`codes.write`). A removed folder answers
 * like one that never existed, and because every command appends with the version it read, a
 * filing that races the folder's removal loses instead of filing codes into a removed folder.
 */
function decide(command: FolderCommand, state: FolderState): FolderEvent[] {
  if (!can.write('codes', command.actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change folders.');
  const by = command.actor.id;
  if (command.type === 'CreateFolder') {
    if (state.status !== 'none') throw new DomainError('wrong_expected_version', `Folder ${command.folder_id} already exists.`);
    const { folder_id, org_id, name } = command;
    return [{ type: 'FolderCreated', data: { folder_id, org_id, name, created_by: by } }];
  }
  if (state.status !== 'live') throw new DomainError('folder_not_found', 'No such folder.');
  switch (command.type) {
    case 'RenameFolder':
      return command.name === state.name ? [] : [{ type: 'FolderRenamed', data: { name: command.name, renamed_by: by } }];
    case 'RemoveFolder':
      return [{ type: 'FolderRemoved', data: { removed_by: by } }];
    case 'FileCodes':
      return command.code_ids.length === 0 ? [] : [{ type: 'CodesFiled', data: { code_ids: command.code_ids, filed_by: by } }];
    case 'UnfileCodes':
      return command.code_ids.length === 0 ? [] : [{ type: 'CodesUnfiled', data: { code_ids: command.code_ids, unfiled_by: by } }];
  }
}

export const folderDecider: Decider<FolderCommand, FolderEvent, FolderState> = { initialState, evolve, decide };
