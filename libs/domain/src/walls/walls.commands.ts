import type { WallTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { RecordedNsfwCheck } from './walls.events';

/** `wall_id` is drawn by the handler, which has checked that the code is the organisation's. */
export interface CreateWall {
  type: 'CreateWall';
  actor: CodeActor;
  at: string;
  wall_id: string;
  org_id: string;
  code_id: string;
  terms: WallTerms;
}

export interface UpdateWall {
  type: 'UpdateWall';
  actor: CodeActor;
  at: string;
  terms: WallTerms;
}

/** Spec §7 "selfie wall embed creation": a site (an origin) allowed to frame `/wall-embed/{id}`. */
export interface AddWallEmbed {
  type: 'AddWallEmbed';
  actor: CodeActor;
  at: string;
  origin: string;
}

export interface RemoveWallEmbed {
  type: 'RemoveWallEmbed';
  actor: CodeActor;
  at: string;
  origin: string;
}

export interface DeleteWall {
  type: 'DeleteWall';
  actor: CodeActor;
  at: string;
}

export type WallCommand = CreateWall | UpdateWall | AddWallEmbed | RemoveWallEmbed | DeleteWall;

/** A photo stored and checked by the handler; the wall's terms as the handler read them decide its status. */
export interface SubmitWallPhoto {
  type: 'SubmitWallPhoto';
  at: string;
  photo_id: string;
  wall_id: string;
  org_id: string;
  code_id: string;
  terms: WallTerms;
  blob_id: string;
  width: number;
  height: number;
  caption: string;
  nsfw: RecordedNsfwCheck;
  submitter: string;
}

export interface ReviewWallPhoto {
  type: 'ReviewWallPhoto';
  actor: CodeActor;
  at: string;
  decision: 'approve' | 'reject';
}

export type WallPhotoCommand = SubmitWallPhoto | ReviewWallPhoto;
