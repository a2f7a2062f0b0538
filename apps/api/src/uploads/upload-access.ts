import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { actorId, can } from '@qr/domain';
import { actorOf, type Caller, TenancyGate } from '../identity';

/**
 * Who may upload to and link files of an organisation. Uploads serve the codes, pages and cards
 * that show them, so they follow the codes permissions: editors and up upload, every member reads.
 * A non-member hears `organization_not_found`, as for every other id of another tenant.
 */
@Injectable()
export class UploadAccess {
  constructor(private readonly gate: TenancyGate) {}

  /** The id events record for the uploader. */
  async uploader(caller: Caller, orgId: string): Promise<string> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.write('codes', role)) throw new DomainError('forbidden', `A ${role} cannot upload files.`);
    return actorId(actorOf(caller));
  }

  async reader(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.read('codes', role)) throw new DomainError('forbidden', `A ${role} cannot read files.`);
  }
}
