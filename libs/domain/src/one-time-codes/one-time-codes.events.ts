/**
 * One-time codes (spec §7). A batch is one stream, `one_time_codes-<batch_id>`, holding one event for
 * all its codes: 100,000 events through the command path would take minutes, one takes milliseconds.
 * The codes' ids are derived from the batch's `seed` (projections/codes, one-time-code-ids.ts), so a
 * replay materialises the same ids. Each code's single use is its own stream,
 * `one_time_code-<code_id>`, appended with expected version `no_stream`: of any number of concurrent
 * scans the store lets exactly one create it (DESIGN.md §1: the invariant lives on the stream that owns it).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type OneTimeCodesIssued = Event<
  'OneTimeCodesIssued',
  {
    batch_id: string;
    org_id: string;
    base_code_id: string;
    amount: number;
    /**
     * 32 random bytes, base64url: the codes' ids derive from it. It is as secret as the ids
     * themselves, which anyone holding the printed codes has anyway; the log's readers are staff.
     */
    seed: string;
    issued_by: string;
  }
>;

/** Every code of the batch stops working: later scans get the "ended" page. */
export type OneTimeCodesDeleted = Event<'OneTimeCodesDeleted', { deleted_by: string }>;

export type OneTimeBatchEvent = OneTimeCodesIssued | OneTimeCodesDeleted;

/** The one scan that got the base code's content; `occurredAt` on the event is when. */
export type OneTimeCodeUsed = Event<'OneTimeCodeUsed', { code_id: string; batch_id: string; base_code_id: string; org_id: string }>;

export const oneTimeBatchStreamId = (batchId: string): string => `one_time_codes-${batchId}`;
export const oneTimeCodeStreamId = (codeId: string): string => `one_time_code-${codeId}`;
