import { z } from 'zod';
import { VisitorTheme } from './brand';
import { CodeId, CodeStatus, CodeType } from './codes';

/** Who is behind a code, as its visitor sees them: the organisation's name, logo and brand kit. */
export const PublicOrganization = z
  .object({
    name: z.string(),
    logo: z.string().nullable().meta({ description: 'The web address of the organisation’s logo, if it has one.' }),
    theme: VisitorTheme.meta({ description: 'The organisation’s brand kit, which its visitor pages are drawn in.' }),
  })
  .meta({ id: 'PublicOrganization' });
export type PublicOrganization = z.infer<typeof PublicOrganization>;

/**
 * A code as its public page shows it to a visitor: its type and content and the organisation behind
 * it, nothing about the organisation's members or the design. A paused code says so and shows no content.
 */
export const PublicCodeView = z
  // Not the code's name: the create form promises its owner that visitors never see it.
  .looseObject({
    code_id: CodeId,
    type: CodeType,
    status: CodeStatus.exclude(['deleted']),
    // Not `organization`: a business card's content has a field of that name, the card holder's company.
    owner: PublicOrganization,
  })
  .meta({
    id: 'PublicCode',
    description: 'Plus, unless paused, the content fields of its type; a business card’s photo as `photo_url`, a link that works for an hour.',
  });
export type PublicCodeView = z.infer<typeof PublicCodeView> & Record<string, unknown>;

/**
 * The share image takes no options. Someone who adds the signed-in download's `?format=png` or
 * `?size=1024` is told so, rather than handed the 512 px SVG with no word why.
 */
export const PublicQrQuery = z.strictObject(
  {},
  { error: () => 'The share image takes no options: it is always the code’s design as SVG. Use the signed-in download for another format or size.' },
);
export type PublicQrQuery = z.infer<typeof PublicQrQuery>;
