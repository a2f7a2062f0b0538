import { z } from 'zod';
import { Email } from './identity';
import { QrDesign, QrPixels } from './qr-design';
import { orNull } from './openapi-shapes';
import { BlobId } from './uploads';

/**
 * The codes context's HTTP contract (spec §3 "Code/QR", §7 "Codes and pages"). A code is dynamic:
 * its QR image encodes `{PUBLIC_URL}/{code_id}` whatever its type, so its content, and even its
 * type, can change after printing. Content fields sit at the top level of a code, as the spec's
 * `url` does for `type: "url"`.
 */

export const CODE_TYPES = ['url', 'vcard', 'note', 'text', 'wifi', 'email', 'sms', 'phone', 'page'] as const;
export const CodeType = z.enum(CODE_TYPES).meta({ id: 'CodeType' });
export type CodeType = z.infer<typeof CodeType>;

/** Each type as the screens name it; the code list's filter finds a code by these names too. */
export const CODE_TYPE_LABELS: Record<CodeType, string> = {
  url: 'Website (URL)',
  vcard: 'Business card (vCard)',
  note: 'Note',
  text: 'Plain text',
  wifi: 'Wi-Fi',
  email: 'Email',
  sms: 'SMS',
  phone: 'Phone call',
  page: 'Landing page',
};

export const CodeStatus = z.enum(['active', 'paused', 'deleted']).meta({ id: 'CodeStatus' });
export type CodeStatus = z.infer<typeof CodeStatus>;

/** Short and URL-safe, so the printed URL and the QR version stay small. */
export const CODE_ID_PATTERN = /^[0-9A-Za-z]{10}$/;
export const CodeId = z.string().regex(CODE_ID_PATTERN, { error: 'A code id is 10 letters and digits.' }).meta({ id: 'CodeId' });

// Only web addresses: a target ends up in a Location header and in <a href>, where javascript: or data: would be an attack.
export const WebUrl = z.url({ protocol: /^https?$/, error: 'Use a web address starting with http:// or https://.' }).max(2048);
export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{5,24}$/, { error: 'Use a phone number such as +1 555 010 1234.' });
const Line = (max: number) => z.string().trim().max(max);
const Required = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Enter ${what}.` })
    .max(max);

/** What each type carries, by type. */
export const WifiEncryption = z.enum(['WPA', 'WEP', 'nopass']);

export const CODE_CONTENT = {
  url: { url: WebUrl },
  vcard: {
    first_name: Required(80, 'a first name'),
    last_name: Line(80).optional(),
    organization: Line(120).optional(),
    job_title: Line(120).optional(),
    phone: Phone.optional(),
    mobile: Phone.optional(),
    email: Email.optional(),
    website: WebUrl.optional(),
    street: Line(200).optional(),
    city: Line(100).optional(),
    zip: Line(20).optional(),
    country: Line(100).optional(),
    note: Line(500).optional(),
    photo_blob_id: BlobId.optional().meta({ description: 'A photo uploaded with the upload endpoint: shown on the card page and put in the contact file.' }),
  },
  note: { title: Line(120).optional(), text: Required(5000, 'the note') },
  text: { text: Required(2000, 'the text') },
  wifi: {
    ssid: Required(32, 'the network name'),
    password: z.string().max(63).optional(),
    encryption: WifiEncryption.default('WPA'),
    hidden: z.boolean().default(false),
  },
  email: { to: Email, subject: Line(200).optional(), body: Line(2000).optional() },
  sms: { phone: Phone, message: Line(500).optional() },
  phone: { phone: Phone },
  // A page code's content is its landing page, built in the page editor and stored by the pages context.
  page: {},
} as const satisfies Record<CodeType, z.ZodRawShape>;

export const CodeName = z.string().trim().min(1, { error: 'Give the code a name.' }).max(120);

const contentVariant = <T extends CodeType>(type: T) => z.strictObject({ type: z.literal(type), ...CODE_CONTENT[type] });

/** One strict object per type: unknown fields, and another type's fields, are refused. */
export const CodeContent = z.discriminatedUnion('type', [
  contentVariant('url'),
  contentVariant('vcard'),
  contentVariant('note'),
  contentVariant('text'),
  contentVariant('wifi'),
  contentVariant('email'),
  contentVariant('sms'),
  contentVariant('phone'),
  contentVariant('page'),
]);
export type CodeContent = z.infer<typeof CodeContent>;
/** A Wi-Fi network as a code holds it. */
export type WifiNetwork = Omit<Extract<CodeContent, { type: 'wifi' }>, 'type'>;

const withFields = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.discriminatedUnion('type', [
    contentVariant('url').extend(fields),
    contentVariant('vcard').extend(fields),
    contentVariant('note').extend(fields),
    contentVariant('text').extend(fields),
    contentVariant('wifi').extend(fields),
    contentVariant('email').extend(fields),
    contentVariant('sms').extend(fields),
    contentVariant('phone').extend(fields),
    contentVariant('page').extend(fields),
  ]);

/**
 * Spec §3 names `width` and `height` on the code itself; they are the design's size, so a body may give
 * them either there or inside `design`, and the top-level ones win.
 */
const CODE_SIZE = {
  width: QrPixels.optional().meta({ description: 'Sets `design.width`.' }),
  height: QrPixels.optional().meta({ description: 'Sets `design.height`.' }),
};

export const CreateCodeBody = withFields({
  org_id: z.uuid(),
  name: CodeName,
  design: QrDesign.default(QrDesign.parse({})),
  ...CODE_SIZE,
}).meta({ id: 'CreateCodeBody' });
export type CreateCodeBody = z.infer<typeof CreateCodeBody>;
export type CreateCodeInput = z.input<typeof CreateCodeBody>;

/** Replaces the name, content (type included) and design; the printed QR keeps working. */
export const UpdateCodeBody = withFields({ name: CodeName, design: QrDesign.default(QrDesign.parse({})), ...CODE_SIZE }).meta({ id: 'UpdateCodeBody' });
export type UpdateCodeBody = z.infer<typeof UpdateCodeBody>;

const Timestamp = z.iso.datetime();

/** A code as the API returns it: its content fields at the top level, like the body that created it. */
export const CodeView = z
  .looseObject({
    code_id: CodeId,
    id: CodeId.meta({ description: 'The same as `code_id`.' }),
    org_id: z.uuid(),
    name: z.string(),
    type: CodeType,
    status: CodeStatus,
    design: QrDesign,
    width: QrPixels.meta({ description: 'The same as `design.width`.' }),
    height: QrPixels.meta({ description: 'The same as `design.height`.' }),
    base_code_id: orNull(CodeId),
    folder_id: z.uuid().nullable().meta({ description: 'The folder the code is in, if any.' }),
    public_link: z.string().meta({ description: 'The code’s public page, `/code/{code_id}`.' }),
    qr_url: z.string().meta({ description: 'What the QR image encodes: `{PUBLIC_URL}/{code_id}`.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
    scan_count: z.number().int().meta({ description: 'Scans and link visits by people so far: bots and link previews are left out, as in analytics.' }),
  })
  .meta({ id: 'Code', description: 'Plus the content fields of its type (e.g. `url`).' });
export type CodeView = z.infer<typeof CodeView> & Record<string, unknown>;

export const CodeCreatedView = z.object({ code_id: CodeId, public_link: z.string(), qr_url: z.string() }).meta({ id: 'CodeCreated' });
export type CodeCreatedView = z.infer<typeof CodeCreatedView>;

export const CodePath = z.strictObject({ code_id: CodeId });
export type CodePath = z.infer<typeof CodePath>;

/** `?page=` with nothing after it, as a form or a template leaves an unset field, asks for the default, not page 0. */
const absentIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const PageNumber = z.coerce.number().int().min(1).max(100_000);
const pageSizeUpTo = (max: number) => z.preprocess(absentIfEmpty, z.coerce.number().int().min(1).max(max).optional());

/** A list query of spec §7's shape: `page` defaults to 1, `per_page` (or its alias `pageSize`) to 10, at most `maxPageSize`. */
export const paginatedQuery = <Shape extends z.ZodRawShape>(shape: Shape, maxPageSize = 100) =>
  z
    .strictObject({
      ...shape,
      page: z.preprocess(absentIfEmpty, PageNumber.default(1)),
      per_page: pageSizeUpTo(maxPageSize),
      pageSize: pageSizeUpTo(maxPageSize),
    })
    .transform((query) => {
      // The generic shape hides these two from the compiler; the object above has them.
      const { per_page, pageSize, ...rest } = query as typeof query & { per_page?: number; pageSize?: number };
      return { ...rest, per_page: per_page ?? pageSize ?? 10 };
    });

/** One page of a list, and how many items match over all pages. */
export const paginatedList = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().meta({ description: 'Items matching the filters, over all pages.' }),
  });

export const ListCodesQuery = paginatedQuery({
  org_id: z.uuid(),
  filter: z.string().trim().max(120).optional().meta({ description: 'Part of the name, of the type or its label (e.g. “Wi-Fi”), or of the status; any case.' }),
  type: CodeType.optional(),
  status: CodeStatus.optional(),
  folder_id: z
    .union([z.uuid(), z.literal('none')])
    .optional()
    .meta({ description: 'Only the codes in this folder, or `none`: only the codes in no folder.' }),
}).meta({ id: 'ListCodesQuery' });
export type ListCodesQuery = z.infer<typeof ListCodesQuery>;

export const CodeListView = paginatedList(CodeView).meta({ id: 'CodeList' });
export type CodeListView = z.infer<typeof CodeListView>;

export const OrgQuery = z.strictObject({ org_id: z.uuid() }).meta({ id: 'OrgQuery' });
export type OrgQuery = z.infer<typeof OrgQuery>;

/** Spec §7 "get-child (org_id, id)": the organisation may be left out; named, it must be the code's. */
export const ChildCodesQuery = z.strictObject({ org_id: z.uuid().optional() }).meta({ id: 'ChildCodesQuery' });
export type ChildCodesQuery = z.infer<typeof ChildCodesQuery>;

/** Spec §7 "get name-and-id": `id` as well as `code_id`, as a code itself carries both (spec §3). */
export const CodeNameView = z
  .object({ code_id: CodeId, id: CodeId.meta({ description: 'The same as `code_id`.' }), name: z.string() })
  .meta({ id: 'CodeName' });
export type CodeNameView = z.infer<typeof CodeNameView>;

export const QrImageFormat = z.enum(['svg', 'png', 'pdf']).meta({ id: 'QrImageFormat' });
export type QrImageFormat = z.infer<typeof QrImageFormat>;

/**
 * What the printed QR holds: the code's link (`{PUBLIC_URL}/{code_id}`: it can change after printing,
 * and scans are counted), or its content itself in the form a phone's camera acts on without going
 * online (`WIFI:` to join a network, `tel:`, `SMSTO:`, `mailto:`, a vCard, the web address or text),
 * which cannot change after printing and whose scans the platform never sees. A landing page
 * code has only its link.
 */
export const QrHolds = z.enum(['link', 'content']).meta({ id: 'QrHolds' });
export type QrHolds = z.infer<typeof QrHolds>;

/** Spec §7 "get just-QR": the image only, in the code's design; `size` scales it, keeping its proportions. */
export const QrImageQuery = z
  .strictObject({
    format: QrImageFormat.default('svg'),
    size: z.coerce.number().int().min(128).max(4096).optional().meta({ description: 'Pixels (points for PDF) on the longer side.' }),
    download: z.enum(['true', 'false']).default('false').meta({ description: 'Send it as an attachment named after the code.' }),
    holds: QrHolds.default('link'),
  })
  .meta({ id: 'QrImageQuery' });
export type QrImageQuery = z.infer<typeof QrImageQuery>;

/** The designer's live preview, before the code exists: a stand-in URL of the same length is drawn. */
export const QrPreviewBody = z
  .strictObject({ design: QrDesign, org_id: z.uuid().optional().meta({ description: 'Needed when the design has a logo: whose uploads it is in.' }) })
  .meta({ id: 'QrPreviewBody' });
export type QrPreviewBody = z.infer<typeof QrPreviewBody>;

export const QrPreviewView = z
  .object({
    svg: z.string(),
    check: z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), reason: z.string() })]),
    frame_text_not_printed: z.array(z.string()).meta({
      description:
        'Characters of the frame’s call to action that PNG and PDF files cannot draw: the shipped font covers Latin, Greek and Cyrillic scripts, and the server’s FRAME_FONTS may add others. The SVG leaves them to the viewer’s fonts.',
    }),
  })
  .meta({ id: 'QrPreview' });
export type QrPreviewView = z.infer<typeof QrPreviewView>;
