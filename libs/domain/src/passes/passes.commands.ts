import type { PassDesignTerms, PassHolder, PassSource } from '@qr/contracts';
import type { CodeActor } from '../codes';

/** `design_id` is drawn by the handler; it has checked that the source is the organisation's. */
export interface CreatePassDesign {
  type: 'CreatePassDesign';
  actor: CodeActor;
  design_id: string;
  org_id: string;
  source: PassSource;
  terms: PassDesignTerms;
}

export interface UpdatePassDesign {
  type: 'UpdatePassDesign';
  actor: CodeActor;
  source: PassSource;
  terms: PassDesignTerms;
}

export interface DeletePassDesign {
  type: 'DeletePassDesign';
  actor: CodeActor;
}

export type PassDesignCommand = CreatePassDesign | UpdatePassDesign | DeletePassDesign;

/**
 * `pass_id` is derived by the handler from the design and the holder, so that the same holder's
 * second "Add to wallet" finds the first pass; it has checked that the holder is one of the
 * design's source. `actor` is null for a visitor.
 */
export interface IssuePass {
  type: 'IssuePass';
  actor: CodeActor | null;
  pass_id: string;
  design_id: string;
  org_id: string;
  source: PassSource;
  holder: PassHolder;
}

export interface SetPassVoided {
  type: 'SetPassVoided';
  actor: CodeActor;
  voided: boolean;
}

export type PassCommand = IssuePass | SetPassVoided;
