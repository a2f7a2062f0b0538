import { CodeCreatedView, TemplateView, type QrPreviewView, type SaveCodeAsTemplateInput, type UseTemplateBody } from '@qr/contracts';
import { z } from 'zod';
import { call, NoContent } from '../../api/api-call';
import { codesApi } from '../codes';

export const templateKeys = {
  all: ['templates'] as const,
  list: (orgId: string) => [...templateKeys.all, 'list', orgId] as const,
  preview: (templateId: string) => [...templateKeys.all, 'preview', templateId] as const,
};

const base = '/api/v1/templates';
const templatePath = (templateId: string) => `${base}/${encodeURIComponent(templateId)}`;

export const templatesApi = {
  list: (orgId: string) => call(z.array(TemplateView), `${base}?${new URLSearchParams({ org_id: orgId })}`),
  saveFromCode: (body: SaveCodeAsTemplateInput) => call(TemplateView, `${base}/from-code`, { method: 'POST', body: JSON.stringify(body) }),
  use: (templateId: string, body: UseTemplateBody) =>
    call(CodeCreatedView, `${templatePath(templateId)}/codes`, { method: 'POST', body: JSON.stringify(body) }),
  remove: (templateId: string) => call(NoContent, templatePath(templateId), { method: 'DELETE' }),
  /** A template's QR drawn by the server in its design, as the designer's preview is. */
  preview: (template: TemplateView, orgId: string): Promise<QrPreviewView> => codesApi.preview(template.design, orgId),
};
