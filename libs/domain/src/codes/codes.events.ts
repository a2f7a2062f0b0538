import type { CodeContent, QrDesign } from '@qr/contracts';

/**
 * Everything that happens to a code, on its stream `code-<code_id>`. Scans are not here: they are
 * high-volume facts on streams of their own (DESIGN.md §1), never loaded to decide a command.
 * `*_by` fields name the actor as identity events do (a member's email or `api_key:<key_id>`).
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type CodeCreated = Event<
  'CodeCreated',
  { code_id: string; org_id: string; name: string; content: CodeContent; design: QrDesign; base_code_id: string | null; created_by: string }
>;

/** Carries the whole code after the change, so a read model can overwrite rather than merge. */
export type CodeUpdated = Event<'CodeUpdated', { name: string; content: CodeContent; design: QrDesign; updated_by: string }>;

export type CodePaused = Event<'CodePaused', { paused_by: string }>;

export type CodeResumed = Event<'CodeResumed', { resumed_by: string }>;

/** A deleted code stays deleted: its printed QR answers "gone" for good. */
export type CodeDeleted = Event<'CodeDeleted', { deleted_by: string }>;

export type CodeEvent = CodeCreated | CodeUpdated | CodePaused | CodeResumed | CodeDeleted;

export const codeStreamId = (codeId: string): string => `code-${codeId}`;
