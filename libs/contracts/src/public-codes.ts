import { z } from 'zod';
import { CodeId, CodeStatus, CodeType } from './codes';

/**
 * A code as its public page shows it to a visitor: its name, type and content, nothing about the
 * organisation's members or the design. A paused code says so and shows no content.
 */
export const PublicCodeView = z
  // Not the code's name: the create form promises its owner that visitors never see it.
  .looseObject({ code_id: CodeId, type: CodeType, status: CodeStatus.exclude(['deleted']) })
  .meta({
    id: 'PublicCode',
    description: 'Plus, unless paused, the content fields of its type; a business card’s photo as `photo_url`, a link that works for an hour.',
  });
export type PublicCodeView = z.infer<typeof PublicCodeView> & Record<string, unknown>;
