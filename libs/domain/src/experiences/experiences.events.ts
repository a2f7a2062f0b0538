/**
 * Everything that happens to an experience (stream `experience-<experience_id>`) and to the event
 * data attached to a page (stream `page-event-<page_id>`, apart from the page's own stream so that
 * the pages context's decider and projection need not know about events).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** What staff write about an experience, whole: every create and update carries all of it. */
export interface ExperienceContent {
  name: string;
  description: string;
  /** ISO dates (YYYY-MM-DD), first and last day. */
  starts_on: string;
  ends_on: string;
}

export type ExperienceCreated = Event<'ExperienceCreated', ExperienceContent & { experience_id: string; org_id: string; created_by: string }>;
export type ExperienceUpdated = Event<'ExperienceUpdated', ExperienceContent & { updated_by: string }>;
export type ExperienceDeleted = Event<'ExperienceDeleted', { deleted_by: string }>;
export type ExperienceEvent = ExperienceCreated | ExperienceUpdated | ExperienceDeleted;

/** Where and when a visitor must be to open a page; times are ISO instants. */
export interface EventData {
  latitude: number;
  longitude: number;
  radius_m: number;
  starts_at: string;
  ends_at: string;
  experience_id: string | null;
}

/** Carries the whole event data after the change, so a read model overwrites rather than merges. */
export type PageEventDataSet = Event<'PageEventDataSet', EventData & { page_id: string; org_id: string; set_by: string }>;
export type PageEventDataCleared = Event<'PageEventDataCleared', { page_id: string; cleared_by: string }>;
export type PageEventDataEvent = PageEventDataSet | PageEventDataCleared;

export const experienceStreamId = (experienceId: string): string => `experience-${experienceId}`;
export const pageEventDataStreamId = (pageId: string): string => `page-event-${pageId}`;
