import { z } from 'zod';
import { CodeContent, CodeId, CodeName } from './codes';
import { UpdatePageBody } from './pages';
import { QrDesign } from './qr-design';

/**
 * Templates (spec §7 "Get templates", "Submit template"): a code's content, design and landing page
 * saved to start new codes from. The built-in gallery (`template-gallery.ts`) is listed beside the
 * organisation's own. Content is nested under `content` here, unlike a code's top-level fields,
 * because a template also carries a page whose fields (`title`, …) would collide with them.
 */

/** Gallery ids are slugs (`wifi`), an organisation's templates UUIDs: both fit this pattern. */
export const TemplateId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, { error: 'A template id is lowercase letters, digits and hyphens.' })
  .meta({ id: 'TemplateId' });
export const TemplatePath = z.strictObject({ template_id: TemplateId });
export type TemplatePath = z.infer<typeof TemplatePath>;

/** A landing page as a template keeps it: everything but the vanity name, which only one page can hold. */
export const TemplatePage = UpdatePageBody.omit({ vanity_name: true }).meta({ id: 'TemplatePage' });
export type TemplatePage = z.infer<typeof TemplatePage>;
export type TemplatePageInput = z.input<typeof TemplatePage>;

const TemplateName = z.string().trim().min(1, { error: 'Give the template a name.' }).max(80);
const Description = z.string().trim().max(300).default('');

/** Spec "Submit template": saves a template to the organisation. */
export const SubmitTemplateBody = z
  .strictObject({
    org_id: z.uuid(),
    name: TemplateName,
    description: Description,
    content: CodeContent,
    design: QrDesign.default(QrDesign.parse({})),
    page: TemplatePage.nullable().default(null),
  })
  .meta({ id: 'SubmitTemplateBody' });
export type SubmitTemplateBody = z.infer<typeof SubmitTemplateBody>;

/** "Save as template" from a code: its content, design and first landing page. */
export const SaveCodeAsTemplateBody = z
  .strictObject({ code_id: CodeId, name: TemplateName.optional().meta({ description: 'The code’s name unless given.' }), description: Description })
  .meta({ id: 'SaveCodeAsTemplateBody' });
export type SaveCodeAsTemplateBody = z.infer<typeof SaveCodeAsTemplateBody>;
export type SaveCodeAsTemplateInput = z.input<typeof SaveCodeAsTemplateBody>;

export const TemplateSource = z.enum(['gallery', 'organization']).meta({ id: 'TemplateSource' });
export type TemplateSource = z.infer<typeof TemplateSource>;

export const TemplateView = z
  .object({
    template_id: TemplateId,
    source: TemplateSource,
    org_id: z.uuid().nullable().meta({ description: 'Null for the built-in gallery.' }),
    name: z.string(),
    description: z.string(),
    content: CodeContent,
    design: QrDesign,
    page: TemplatePage.nullable(),
    created_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Template' });
export type TemplateView = z.infer<typeof TemplateView>;

/** Spec "Get templates": the gallery first, then the organisation's own, newest first. */
export const ListTemplatesQuery = z.strictObject({ org_id: z.uuid() }).meta({ id: 'ListTemplatesQuery' });
export type ListTemplatesQuery = z.infer<typeof ListTemplatesQuery>;

/** A new code from a template: its content and design, and a landing page when the template has one. */
export const UseTemplateBody = z
  .strictObject({ org_id: z.uuid(), name: CodeName.optional().meta({ description: 'The template’s name unless given.' }) })
  .meta({ id: 'UseTemplateBody' });
export type UseTemplateBody = z.infer<typeof UseTemplateBody>;
