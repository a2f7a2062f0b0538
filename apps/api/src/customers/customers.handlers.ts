import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@qr/contracts';
import { customersStreamId, type CustomerForgotten } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { PersonalDataVault, type SqlClient } from '@qr/platform';
import type { ProjectionRunner } from '@qr/projections-runner';
import type { Caller } from '../identity';
import { EVENT_STORE, PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';
import { CustomerAccess } from './customer-access';

/** How long forgetting waits for the customers read model to merge the submissions already made. */
const SUBMISSIONS_MERGED_WITHIN_MS = 5000;

/** "Forget this customer" (DESIGN.md §3): their keys go, then every read model drops them. */
export class ForgetCustomerCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly customerId: string,
  ) {
    super();
  }
}

/**
 * Deletes the keys first: that is the forgetting, and it cannot be undone, so a failed append
 * afterwards leaves the data unreadable already and a retry finds the customer and finishes. The
 * event then tells the read models (customers, submissions) to drop what they opened earlier; it
 * holds only the keyed references the submissions already carry, no email, phone or name.
 */
@CommandHandler(ForgetCustomerCommand)
export class ForgetCustomerHandler implements ICommandHandler<ForgetCustomerCommand> {
  private readonly vault: PersonalDataVault;

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    private readonly access: CustomerAccess,
  ) {
    this.vault = new PersonalDataVault(db);
  }

  async execute({ caller, orgId, customerId }: ForgetCustomerCommand): Promise<void> {
    const forgottenBy = await this.access.forgetter(caller, orgId);
    // A submission of theirs still in flight to the projection may carry a reference not merged yet:
    // wait for it, so its key goes too. Nothing is changed yet, so a wait that runs out may refuse.
    if (!(await this.projections.waitFor(await this.store.lastCheckpoint(), ['customers'], SUBMISSIONS_MERGED_WITHIN_MS))) {
      throw new DomainError('service_unavailable', 'Recent form submissions are still being merged into customers: try again in a moment.');
    }
    const { rows } = await this.db.query<{ person: string }>('SELECT person FROM customer_people WHERE org_id = $1 AND customer_id = $2', [orgId, customerId]);
    if (rows.length === 0) throw new DomainError('customer_not_found', 'No such customer.');
    const people = rows.map((row) => row.person);
    await this.vault.forgetReferences(orgId, people);
    const event: CustomerForgotten = { type: 'CustomerForgotten', data: { org_id: orgId, customer_id: customerId, people, forgotten_by: forgottenBy } };
    // The screen that asked reads the list again with the answer's position (min_position), so it no longer shows the person.
    await this.store.append({
      streamId: customersStreamId(orgId),
      expectedVersion: 'any',
      events: [{ ...event, metadata: { org_id: orgId, actor: forgottenBy } }],
    });
  }
}
