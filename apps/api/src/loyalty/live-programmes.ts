import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import type { PersonIdentity } from '@qr/platform';
import { PageReads } from '../pages';
import { programmeNotFound } from './loyalty-access';
import { LoyaltyReads, type ProgrammeRow } from './loyalty-reads';

export const memberNotFound = () => new DomainError('loyalty_member_not_found', 'No such card in this programme.');

/**
 * What a visitor's command on a programme looks up before its stream decides: the programme, live
 * (an unknown id loads no stream), and for an earning by a form, the holder's own submission.
 */
@Injectable()
export class LiveProgrammes {
  constructor(
    private readonly reads: LoyaltyReads,
    private readonly pages: PageReads,
  ) {}

  async programme(programmeId: string): Promise<ProgrammeRow> {
    const programme = await this.reads.programme(programmeId);
    if (programme?.status !== 'live') throw programmeNotFound();
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
