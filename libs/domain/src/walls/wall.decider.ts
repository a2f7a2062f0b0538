import { DomainError, MAX_WALL_EMBEDS, type WallTerms } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { CodeActor } from '../codes';
import type { WallCommand } from './walls.commands';
import type { WallEvent } from './walls.events';

export interface WallState {
  status: 'live' | 'deleted' | null;
  wall_id: string;
  org_id: string;
  code_id: string;
  terms: WallTerms | null;
  embed_origins: string[];
}

const initialState: WallState = { status: null, wall_id: '', org_id: '', code_id: '', terms: null, embed_origins: [] };

function evolve(state: WallState, event: WallEvent): WallState {
  switch (event.type) {
    case 'WallCreated':
      return { ...state, status: 'live', wall_id: event.data.wall_id, org_id: event.data.org_id, code_id: event.data.code_id, terms: event.data.terms };
    case 'WallUpdated':
      return { ...state, terms: event.data.terms };
    case 'WallEmbedAdded':
      return { ...state, embed_origins: [...state.embed_origins, event.data.origin] };
    case 'WallEmbedRemoved':
      return { ...state, embed_origins: state.embed_origins.filter((origin) => origin !== event.data.origin) };
    case 'WallDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** What a deleted, an unknown and another organisation's wall answer alike. */
export const wallNotFound = () => new DomainError('wall_not_found', 'No such selfie wall.');

export const mayChangeWalls = (actor: CodeActor) => {
  if (!can.write('engagement', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change selfie walls.');
};

function decide(command: WallCommand, state: WallState): WallEvent[] {
  mayChangeWalls(command.actor);
  const { actor, at } = command;
  if (command.type === 'CreateWall') {
    if (state.status !== null) throw new DomainError('wrong_expected_version', 'This wall exists already.');
    const { wall_id, org_id, code_id, terms } = command;
    return [{ type: 'WallCreated', data: { wall_id, org_id, code_id, terms, created_by: actor.id, at } }];
  }
  if (state.status !== 'live') throw wallNotFound();
  switch (command.type) {
    case 'UpdateWall':
      return [{ type: 'WallUpdated', data: { terms: command.terms, updated_by: actor.id, at } }];
    case 'AddWallEmbed':
      if (state.embed_origins.includes(command.origin)) return [];
      if (state.embed_origins.length >= MAX_WALL_EMBEDS) {
        throw new DomainError('wall_embed_limit', `A wall may be embedded in ${MAX_WALL_EMBEDS} sites at most: remove one first.`);
      }
      return [{ type: 'WallEmbedAdded', data: { origin: command.origin, by: actor.id, at } }];
    case 'RemoveWallEmbed':
      return state.embed_origins.includes(command.origin) ? [{ type: 'WallEmbedRemoved', data: { origin: command.origin, by: actor.id, at } }] : [];
    case 'DeleteWall':
      return [{ type: 'WallDeleted', data: { by: actor.id, at } }];
  }
}

export const wallDecider: Decider<WallCommand, WallEvent, WallState> = { initialState, evolve, decide };
