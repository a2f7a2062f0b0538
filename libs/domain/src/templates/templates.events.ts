import type { CodeContent, QrDesign, TemplatePage } from '@qr/contracts';

/**
 * An organisation's templates, each on its stream `template-<template_id>`. The built-in gallery
 * is static data (`@qr/contracts` TEMPLATE_GALLERY) and has no events.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** The whole template as saved; `source_code_id` names the code it was saved from, if any. */
export type TemplateSaved = Event<
  'TemplateSaved',
  {
    template_id: string;
    org_id: string;
    name: string;
    description: string;
    content: CodeContent;
    design: QrDesign;
    page: TemplatePage | null;
    source_code_id: string | null;
    saved_by: string;
  }
>;

export type TemplateDeleted = Event<'TemplateDeleted', { deleted_by: string }>;

export type TemplateEvent = TemplateSaved | TemplateDeleted;

export const templateStreamId = (templateId: string): string => `template-${templateId}`;
