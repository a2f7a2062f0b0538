import { DomainError, isNsfw, type WallPhotoStatus } from '@qr/contracts';
import type { Decider } from '../decider';
import type { WallPhotoCommand } from './walls.commands';
import type { WallPhotoEvent } from './walls.events';
import { mayChangeWalls } from './wall.decider';

export interface WallPhotoState {
  status: WallPhotoStatus | null;
  org_id: string;
  wall_id: string;
}

const initialState: WallPhotoState = { status: null, org_id: '', wall_id: '' };

function evolve(state: WallPhotoState, event: WallPhotoEvent): WallPhotoState {
  switch (event.type) {
    case 'WallPhotoSubmitted':
      return { status: event.data.status, org_id: event.data.org_id, wall_id: event.data.wall_id };
    case 'WallPhotoApproved':
      return { ...state, status: 'approved' };
    case 'WallPhotoRejected':
      return { ...state, status: 'rejected' };
  }
}

export const wallPhotoNotFound = () => new DomainError('wall_photo_not_found', 'No such photo on this wall.');

function decide(command: WallPhotoCommand, state: WallPhotoState): WallPhotoEvent[] {
  if (command.type === 'SubmitWallPhoto') {
    if (state.status !== null) throw new DomainError('wrong_expected_version', 'This photo exists already.');
    const { terms, type: _type, ...photo } = command;
    const flagged = isNsfw(command.nsfw, terms.nsfw_threshold);
    // A flagged photo waits for staff whatever the setting: the model only ever approves what it passes.
    const status = terms.auto_approve && !flagged ? 'approved' : 'pending';
    return [{ type: 'WallPhotoSubmitted', data: { ...photo, flagged, status } }];
  }
  mayChangeWalls(command.actor);
  if (state.status === null) throw wallPhotoNotFound();
  const wanted = command.decision === 'approve' ? 'approved' : 'rejected';
  if (state.status === wanted) return [];
  const data = { by: command.actor.id, at: command.at };
  return [command.decision === 'approve' ? { type: 'WallPhotoApproved', data } : { type: 'WallPhotoRejected', data }];
}

export const wallPhotoDecider: Decider<WallPhotoCommand, WallPhotoEvent, WallPhotoState> = { initialState, evolve, decide };
