import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';

const Timestamp = z.iso.datetime();

/** A customer's id: the keyed reference of the first person merged into them (no personal data in it). */
export const CustomerId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32}$/, { error: 'A customer id is 32 URL-safe characters.' })
  .meta({ id: 'CustomerId' });

/** What first made someone a customer; redemptions and votes join when they exist. */
export const CustomerSource = z.enum(['form']).meta({ id: 'CustomerSource', description: '`form`: a landing page’s registration form.' });
export type CustomerSource = z.infer<typeof CustomerSource>;

/** Spec §7 "get customers": id (the organisation), page, pageSize, basedOn, code_id. Page size up to 1000. */
export const ListCustomersQuery = paginatedQuery(
  {
    org_id: z.uuid(),
    basedOn: CustomerSource.optional().meta({ description: 'Only customers who first came this way.' }),
    code_id: CodeId.optional().meta({ description: 'Only customers who interacted with this code.' }),
  },
  1000,
).meta({ id: 'ListCustomersQuery' });
export type ListCustomersQuery = z.infer<typeof ListCustomersQuery>;

/** Spec §3 "Customer": email, phone, org_id, basedOn, code_id (the code they first came through). */
export const CustomerView = z
  .object({
    id: CustomerId,
    org_id: z.uuid(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    name: z.string().nullable(),
    basedOn: CustomerSource,
    code_id: CodeId,
    page_id: z.uuid().nullable(),
    first_seen: Timestamp,
    last_seen: Timestamp,
    interactions: z.number().int(),
  })
  .meta({ id: 'Customer' });
export type CustomerView = z.infer<typeof CustomerView>;

export const CustomerListView = paginatedList(CustomerView).meta({ id: 'CustomerList' });
export type CustomerListView = z.infer<typeof CustomerListView>;

export const CustomerPath = z.strictObject({ id: CustomerId });
export type CustomerPath = z.infer<typeof CustomerPath>;

/** One thing a customer did, newest first. Scans are not here: a scan's visitor hash is salted daily and never tied to a person. */
export const CustomerActivityItem = z
  .object({
    kind: CustomerSource,
    id: z.string().meta({ description: 'The submission id for `form`.' }),
    code_id: CodeId,
    page_id: z.uuid().nullable(),
    at: Timestamp,
    answers: z.record(z.string(), z.union([z.string(), z.boolean()])).meta({ description: 'What they submitted; empty once forgotten.' }),
  })
  .meta({ id: 'CustomerActivityItem' });
export type CustomerActivityItem = z.infer<typeof CustomerActivityItem>;

/** Spec §7 "get customer activity" and "get customer interaction": the customer and their timeline. */
export const CustomerActivityView = z.object({ customer: CustomerView, items: z.array(CustomerActivityItem) }).meta({ id: 'CustomerActivity' });
export type CustomerActivityView = z.infer<typeof CustomerActivityView>;

/** Spec §7 "get customer interaction": email, phone, org_id; one of email or phone. */
export const CustomerInteractionQuery = z
  .strictObject({ org_id: z.uuid(), email: z.string().trim().max(320).optional(), phone: z.string().trim().max(40).optional() })
  .refine((query) => Boolean(query.email || query.phone), { error: 'Give an email or a phone.', path: ['email'] })
  .meta({ id: 'CustomerInteractionQuery' });
export type CustomerInteractionQuery = z.infer<typeof CustomerInteractionQuery>;

/** Spec §7 "CSV export": where the export was asked from decides what it holds. */
export const CsvExportSource = z.enum(['my-codes/customer', 'my-codes/one-time-codes']);
export type CsvExportSource = z.infer<typeof CsvExportSource>;

/** The organisation's customers: all of them, or those who came through one code. */
export const CustomerCsvExportBody = z.strictObject({
  from: z.literal('my-codes/customer'),
  org_id: z.uuid(),
  code_id: CodeId.optional().meta({ description: 'Only the customers with an interaction through this code; left out, every customer of the organisation.' }),
});
export type CustomerCsvExportBody = z.infer<typeof CustomerCsvExportBody>;

/** One base code's one-time codes. */
export const OneTimeCodesCsvExportBody = z.strictObject({ from: z.literal('my-codes/one-time-codes'), org_id: z.uuid(), code_id: CodeId });
export type OneTimeCodesCsvExportBody = z.infer<typeof OneTimeCodesCsvExportBody>;

export const CsvExportBody = z.discriminatedUnion('from', [CustomerCsvExportBody, OneTimeCodesCsvExportBody]).meta({ id: 'CsvExportBody' });
export type CsvExportBody = z.infer<typeof CsvExportBody>;

/** The response header carrying the export's row count, so a client can show progress while the body streams. */
export const CSV_ROW_COUNT_HEADER = 'x-row-count';

/** The columns of a customer export, in order. */
export const CUSTOMER_CSV_COLUMNS = ['id', 'email', 'phone', 'name', 'basedOn', 'code_id', 'page_id', 'first_seen', 'last_seen', 'interactions'] as const;
