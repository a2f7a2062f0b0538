import {
  ExperienceCreatedView,
  ExperienceView,
  PageEventDataView,
  type CreateExperienceBody,
  type PutEventDataBody,
  type UpdateExperienceBody,
} from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';

export const experienceKeys = {
  all: ['experiences'] as const,
  ofOrganization: (orgId: string) => [...experienceKeys.all, 'org', orgId] as const,
  pageEventData: (pageId: string) => [...experienceKeys.all, 'page', pageId] as const,
};

const base = '/api/v1/experiences';
const experiencePath = (experienceId: string) => `${base}/${encodeURIComponent(experienceId)}`;
const eventDataPath = (pageId: string) => `/api/v1/pages/${encodeURIComponent(pageId)}/event-data`;

export const experiencesApi = {
  list: (orgId: string) => call(z.array(ExperienceView), `${base}?${new URLSearchParams({ org_id: orgId })}`),
  create: (body: CreateExperienceBody) => call(ExperienceCreatedView, base, { method: 'POST', body: JSON.stringify(body) }),
  update: (experienceId: string, body: UpdateExperienceBody) =>
    call(ExperienceView, experiencePath(experienceId), { method: 'PUT', body: JSON.stringify(body) }),
  remove: (experienceId: string) => call(NoContent, experiencePath(experienceId), { method: 'DELETE' }),
  eventDataOf: (pageId: string) => call(PageEventDataView, eventDataPath(pageId)),
  putEventData: (pageId: string, body: PutEventDataBody) => call(PageEventDataView, eventDataPath(pageId), { method: 'PUT', body: JSON.stringify(body) }),
  clearEventData: (pageId: string) => call(NoContent, eventDataPath(pageId), { method: 'DELETE' }),
};
