import { Injectable } from '@nestjs/common';
import type { AudienceFilter } from '@qr/contracts';
import type { Recipient } from './messaging-channel';

/** PLACEHOLDER for the email helper's branch: the integrator's audience from the consent ledger replaces this file on merge. */
@Injectable()
export class ConsentingAudience {
  of(_orgId: string, _channel: 'email' | 'sms', _filter: AudienceFilter): Promise<Recipient[]> {
    return Promise.reject(new Error('The consenting audience is the integrator’s; not merged yet.'));
  }
}
