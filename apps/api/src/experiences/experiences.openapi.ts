import {
  CheckEventLocationBody,
  CreateExperienceBody,
  EventCheckView,
  ExperienceCreatedView,
  ExperiencePath,
  ExperienceView,
  OrgQuery,
  PageEventDataView,
  PagePath,
  PutEventDataBody,
  UpdateExperienceBody,
  ValidateEventDataBody,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** Experiences, pages' event data and the `/page/{id}` guard's public checks, from the contracts the API validates with. */
export function registerExperiencesPaths({ signedIn, open, problem }: ApiPaths): void {
  const experiences = signedIn('experiences', '/api/v1/experiences');
  const pages = signedIn('experiences', '/api/v1/pages');
  experiences(
    'post',
    '',
    'Create an experience of the organisation (owner, admin, editor)',
    { 201: json('Created', ExperienceCreatedView) },
    { body: body(CreateExperienceBody) },
  );
  experiences('get', '', 'The organisation’s experiences, soonest first', { 200: json('Listed', z.array(ExperienceView)) }, { query: OrgQuery });
  experiences('get', '/{experience_id}', 'An experience', { 200: json('Found', ExperienceView) }, { params: ExperiencePath });
  experiences(
    'put',
    '/{experience_id}',
    'Replace its name, description and dates',
    { 200: json('Changed', ExperienceView) },
    {
      params: ExperiencePath,
      body: body(UpdateExperienceBody),
    },
  );
  experiences(
    'delete',
    '/{experience_id}',
    'Delete the experience; its pages keep their event data',
    { 204: { description: 'Deleted' } },
    { params: ExperiencePath },
  );

  pages(
    'get',
    '/{page_id}/event-data',
    'The page’s event data, or null when anyone may open it',
    { 200: json('Found', PageEventDataView) },
    { params: PagePath },
  );
  pages(
    'put',
    '/{page_id}/event-data',
    'Attach event data: visitors must be within the radius during the window (422 event_data_invalid, 400 for coordinates out of range)',
    { 200: json('Changed', PageEventDataView), 422: problem },
    {
      params: PagePath,
      body: body(PutEventDataBody),
    },
  );
  pages(
    'delete',
    '/{page_id}/event-data',
    'Detach the event data: every visitor may open the page',
    { 204: { description: 'Detached' } },
    { params: PagePath },
  );

  const visitor = open('experiences', '/api/v1/public/event-data', [400, 404, 409, 429, 500]);
  visitor(
    'post',
    '/check-location',
    'Spec §4 step 1: true when the page (by page or code id) has no event data, so its visitors need not say where they are',
    { 200: json('Answered', EventCheckView) },
    { body: body(CheckEventLocationBody) },
    { readsOnly: true },
  );
  visitor(
    'post',
    '/validate',
    'Spec §4 step 3: true when the position is within the event’s radius and now is inside its window (no position: false)',
    { 200: json('Answered', EventCheckView) },
    { body: body(ValidateEventDataBody) },
    { readsOnly: true },
  );
}
