import type { FormInput, PageBlock, PageTheme, SuccessButton } from '@qr/contracts';
import type { Answer } from './form-answers';

/**
 * Everything that happens to a landing page, on its stream `page-<page_id>`. Submissions are
 * high-volume facts on streams of their own (`submissions-<page_id>`), never loaded to decide.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** What staff write on a page, whole: every create and update carries all of it. */
export interface PageContent {
  title: string;
  /** Absent from events written before pages had names. */
  vanity_name?: string | null;
  blocks: PageBlock[];
  form: FormInput[];
  success_message: string;
  /** Absent from events written before the thank-you screen had a button: none. */
  success_button?: SuccessButton | null;
  /** Absent from events written before pages had themes: the brand kit (DEFAULT_PAGE_THEME). */
  theme?: PageTheme;
}

export type PageCreated = Event<'PageCreated', PageContent & { page_id: string; code_id: string; org_id: string; created_by: string }>;

/** Carries the whole page after the change, so a read model can overwrite rather than merge. */
export type PageUpdated = Event<'PageUpdated', PageContent & { updated_by: string }>;

export type PageDeleted = Event<'PageDeleted', { deleted_by: string }>;

export type PageEvent = PageCreated | PageUpdated | PageDeleted;

/**
 * A visitor's answers, as checked against the page's form when they were sent. The answers are
 * personal data: they travel sealed with the person's key (DESIGN.md §3, crypto-shredding), so
 * forgetting the person deletes the key and leaves the event unreadable. `person` names the key.
 */
export type FormSubmitted = Event<
  'FormSubmitted',
  {
    submission_id: string;
    page_id: string;
    code_id: string;
    org_id: string;
    person: string;
    sealed_answers: string;
    /** The visitor ticked a consent input: the messaging ledger counts it for the email and phone they gave. Absent in older events. */
    marketing_consent?: boolean;
  }
>;

/** What the sealed answers open to. */
export type SubmittedAnswers = Record<string, Answer>;

export const pageStreamId = (pageId: string): string => `page-${pageId}`;
export const submissionsStreamId = (pageId: string): string => `submissions-${pageId}`;
