import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import type { PersonIdentity } from '@qr/platform';
import { PageReads } from '../pages';
import { memberNotFound, programmeNotFound } from '@qr/domain';
import { LoyaltyReads, type ProgrammeRow } from './loyalty-reads';

/** How long a programme read stays good for visitors' commands; see `programme`. */
const PROGRAMME_TTL_MS = 2_000;
/** Programmes held at once: past it the lot is dropped, and the busy ones are read again first. */
const MAX_HELD = 10_000;

/**
 * What a visitor's command on a programme looks up before its stream decides: the programme, live
 * (an unknown id loads no stream), and for an earning by a form, the holder's own submission.
 */
@Injectable()
export class LiveProgrammes {
  private readonly held = new Map<string, { programme: ProgrammeRow; until: number }>();

  constructor(
    private readonly reads: LoyaltyReads,
    private readonly pages: PageReads,
  ) {}

  /**
   * Read at most every two seconds per programme: a busy programme's stamps would otherwise each
   * cost a query before the serialiser, which decides on the stream's own state anyway (a
   * programme deleted since is refused there). What the read serves is the organisation, the code
   * and the time zone the venue code is checked in, a change of which may take that long to apply.
   */
  async programme(programmeId: string): Promise<ProgrammeRow> {
    const now = Date.now();
    const entry = this.held.get(programmeId);
    if (entry && entry.until > now) return entry.programme;
    const programme = await this.reads.programme(programmeId);
    // Unknown ids are not held: a stream of made-up ids fills no memory, and a programme just created is seen at once.
    if (programme?.status !== 'live') throw programmeNotFound();
    if (this.held.size >= MAX_HELD) this.held.clear();
    this.held.set(programmeId, { programme, until: now + PROGRAMME_TTL_MS });
    return programme;
  }

  /**
   * Checks that the submission was sent from the card's email or phone, on a page of the code, in
   * the programme's organisation: a submission id seen on someone else's screen earns nothing.
   */
  async checkSubmission(programme: ProgrammeRow, cardId: string, codeId: string, submissionId: string): Promise<void> {
    const member = await this.reads.member(programme.programme_id, cardId);
    if (!member) throw memberNotFound();
    const people: PersonIdentity[] = [...(member.email === null ? [] : [{ email: member.email }]), ...(member.phone === null ? [] : [{ phone: member.phone }])];
    const submission = await this.pages.submissionBy(submissionId, people);
    if (submission?.code_id !== codeId || submission.org_id !== programme.org_id) {
      throw new DomainError('loyalty_submission_not_found', 'No submission of this code’s form from the email or phone of this card.', {
        field: 'body.submission_id',
      });
    }
  }
}
