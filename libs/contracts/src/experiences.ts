import { z } from 'zod';
import { orNull } from './openapi-shapes';
import { PageId, PublicPagePath } from './pages';

/**
 * The experiences context's HTTP contract (spec §3 "Event data", §7 "Events and experiences"):
 * an organisation's experiences (a conference, a festival) that group pages, and the event data a
 * page carries — a place with a radius and a time window — that the `/page/{id}` guard checks.
 */

/** Spec §9's date-picker range: an experience's dates stay inside it. */
export const EXPERIENCE_DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;
/**
 * The largest radius an event may have, in metres. 50 km covers a city-wide festival; beyond that a
 * location check no longer says "you are at the event", and phones' fixes are far finer than that.
 */
export const MAX_EVENT_RADIUS_M = 50_000;

export const ExperienceId = z.uuid({ error: 'An experience id is a UUID.' }).meta({ id: 'ExperienceId' });
export const ExperiencePath = z.strictObject({ experience_id: ExperienceId });
export type ExperiencePath = z.infer<typeof ExperiencePath>;

const ExperienceDate = z.iso
  .date({ error: 'Use a date such as 2026-11-25.' })
  .refine((date) => date >= EXPERIENCE_DATE_RANGE.min && date <= EXPERIENCE_DATE_RANGE.max, { error: 'Pick a date between 1900-01-01 and 2099-12-31.' });

const experienceFields = z.strictObject({
  name: z.string().trim().min(1, { error: 'Give the experience a name.' }).max(120),
  description: z.string().trim().max(2000).default(''),
  starts_on: ExperienceDate,
  ends_on: ExperienceDate,
});

const endsAfterStart = <Shape extends { starts_on: string; ends_on: string }>(fields: z.ZodType<Shape>) =>
  fields.refine(({ starts_on, ends_on }) => starts_on <= ends_on, { error: 'The last day cannot be before the first.', path: ['ends_on'] });

/** Spec §7 "create experience". */
export const CreateExperienceBody = endsAfterStart(experienceFields.extend({ org_id: z.uuid() })).meta({ id: 'CreateExperienceBody' });
export type CreateExperienceBody = z.infer<typeof CreateExperienceBody>;

/** Spec §7 "update experience": replaces its name, description and dates. */
export const UpdateExperienceBody = endsAfterStart(experienceFields).meta({ id: 'UpdateExperienceBody' });
export type UpdateExperienceBody = z.infer<typeof UpdateExperienceBody>;

export const ExperienceView = z
  .object({
    experience_id: ExperienceId,
    org_id: z.uuid(),
    name: z.string(),
    description: z.string(),
    starts_on: z.iso.date(),
    ends_on: z.iso.date(),
    /** How many pages carry event data of this experience. */
    page_count: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ExperienceView' });
export type ExperienceView = z.infer<typeof ExperienceView>;

export const Latitude = z
  .number({ error: 'Latitude is a number.' })
  .min(-90, { error: 'Latitude is between -90 and 90.' })
  .max(90, { error: 'Latitude is between -90 and 90.' });
export const Longitude = z
  .number({ error: 'Longitude is a number.' })
  .min(-180, { error: 'Longitude is between -180 and 180.' })
  .max(180, { error: 'Longitude is between -180 and 180.' });

/** Spec §7 "create event data", attached to one page: where and when a visitor must be to open it. */
export const PutEventDataBody = z
  .strictObject({
    latitude: Latitude,
    longitude: Longitude,
    radius_m: z
      .number()
      .positive({ error: 'The radius is more than 0 metres.' })
      .max(MAX_EVENT_RADIUS_M, { error: `The radius is at most ${MAX_EVENT_RADIUS_M} metres.` })
      .meta({ description: `Metres around the point that count as the event, at most ${MAX_EVENT_RADIUS_M}.` }),
    starts_at: z.iso.datetime({ offset: true, error: 'Give the start as a date and time.' }),
    ends_at: z.iso.datetime({ offset: true, error: 'Give the end as a date and time.' }),
    experience_id: ExperienceId.nullable().default(null).meta({ description: 'The experience this page belongs to, if any.' }),
  })
  .refine(({ starts_at, ends_at }) => Date.parse(starts_at) < Date.parse(ends_at), { error: 'The end comes after the start.', path: ['ends_at'] })
  .meta({ id: 'PutEventDataBody' });
export type PutEventDataBody = z.infer<typeof PutEventDataBody>;

export const EventDataView = z
  .object({
    page_id: PageId,
    experience_id: orNull(ExperienceId),
    latitude: z.number(),
    longitude: z.number(),
    radius_m: z.number(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime(),
  })
  .meta({ id: 'EventDataView' });
export type EventDataView = z.infer<typeof EventDataView>;

/** Spec §7 "check event location": the page (by page or code id, as `/page/{id}`) whose event asks to be checked. */
export const CheckEventLocationBody = PublicPagePath.meta({ id: 'CheckEventLocationBody' });
export type CheckEventLocationBody = z.infer<typeof CheckEventLocationBody>;

/** Spec §3 "Event data. id, latitude, longitude." and §7 "validate event data": the position is absent when the device gave none. */
export const ValidateEventDataBody = PublicPagePath.extend({ latitude: Latitude.optional(), longitude: Longitude.optional() }).meta({
  id: 'ValidateEventDataBody',
});
export type ValidateEventDataBody = z.infer<typeof ValidateEventDataBody>;

/** Both event checks answer a bare boolean: true lets the visitor in. */
export const EventCheckView = z.boolean().meta({ id: 'EventCheckView' });
export type EventCheckView = z.infer<typeof EventCheckView>;

export const ExperienceCreatedView = z.object({ experience_id: ExperienceId }).meta({ id: 'ExperienceCreatedView' });
export type ExperienceCreatedView = z.infer<typeof ExperienceCreatedView>;

/** A page's event data, or null when its visitors need not be anywhere in particular. */
export const PageEventDataView = z.object({ page_id: PageId, event_data: EventDataView.nullable() }).meta({ id: 'PageEventDataView' });
export type PageEventDataView = z.infer<typeof PageEventDataView>;
