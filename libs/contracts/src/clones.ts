import { z } from 'zod';
import { CodeCreatedView, CodeId, CodeName } from './codes';

/**
 * Clones and duplicates of a code (spec §7 "Clone QR, create duplicate code, clone code, and clone
 * multiple (code_id, data)"; §3 "Clone data. A list."). A clone is a new code with its own id, so a
 * new printed QR, that starts as a copy of its base's content and design and records `base_code_id`;
 * a duplicate is the same copy with no link back.
 */

export const MAX_CLONES_AT_ONCE = 100;

const withPage = z.boolean().default(false).meta({ description: 'Copy the code’s landing pages too (without their vanity names, which are unique).' });

/** Spec "Clone QR" / "clone code": one clone; the name defaults to the base's with " (copy)". */
export const CloneCodeBody = z.strictObject({ name: CodeName.optional(), with_page: withPage }).default({ with_page: false }).meta({ id: 'CloneCodeBody' });
export type CloneCodeBody = z.infer<typeof CloneCodeBody>;

/** Spec "create duplicate code": a copy that stands alone, its landing pages included. */
export const DuplicateCodeBody = z.strictObject({ name: CodeName.optional() }).default({}).meta({ id: 'DuplicateCodeBody' });
export type DuplicateCodeBody = z.infer<typeof DuplicateCodeBody>;

/**
 * One entry of spec §3 "Clone data": what this clone changes from its base. `name`, and any content
 * field of the base's type (`url` of a URL code, `ssid` of a Wi-Fi code, …); the merged content is
 * checked as a code's content is, so a field of another type is refused by name.
 */
export const CloneOverride = z
  .looseObject({ name: CodeName.optional() })
  .meta({ id: 'CloneOverride', description: '`name` and content fields of the base code’s type, e.g. `{ "name": "Table 4", "url": "https://…" }`.' });
export type CloneOverride = z.infer<typeof CloneOverride>;

/** Spec "clone multiple (code_id, data)": one clone per entry of `data`, all or none. */
export const CloneMultipleBody = z
  .strictObject({
    code_id: CodeId,
    data: z.array(CloneOverride).min(1, { error: 'Give at least one clone.' }).max(MAX_CLONES_AT_ONCE),
    with_page: withPage,
  })
  .meta({ id: 'CloneMultipleBody' });
export type CloneMultipleBody = z.infer<typeof CloneMultipleBody>;
export type CloneMultipleInput = z.input<typeof CloneMultipleBody>;

export const ClonesCreatedView = z.object({ items: z.array(CodeCreatedView) }).meta({ id: 'ClonesCreated' });
export type ClonesCreatedView = z.infer<typeof ClonesCreatedView>;
