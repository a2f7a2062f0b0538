import type { CodeActor } from '../codes';
import type { EventData, ExperienceContent } from './experiences.events';

/** `experience_id` is drawn by the handler. */
export interface CreateExperience extends ExperienceContent {
  type: 'CreateExperience';
  actor: CodeActor;
  experience_id: string;
  org_id: string;
}

export interface UpdateExperience extends ExperienceContent {
  type: 'UpdateExperience';
  actor: CodeActor;
}

export interface DeleteExperience {
  type: 'DeleteExperience';
  actor: CodeActor;
}

export type ExperienceCommand = CreateExperience | UpdateExperience | DeleteExperience;

/** The handler has checked that the page (and the experience, when named) are the organisation's. */
export interface SetPageEventData extends EventData {
  type: 'SetPageEventData';
  actor: CodeActor;
  page_id: string;
  org_id: string;
}

export interface ClearPageEventData {
  type: 'ClearPageEventData';
  actor: CodeActor;
  page_id: string;
}

export type PageEventDataCommand = SetPageEventData | ClearPageEventData;
