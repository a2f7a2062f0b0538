import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  type ConnectionsView,
  type ConsentQuery,
  type ConsentView,
  type MessagingProvider,
  type OutboxListView,
  type OutboxQuery,
  type RecordConsentBody,
  type SmtpConnectionBody,
  type TwilioConnectionBody,
} from '@qr/contracts';
import { can } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { ConsentLedger } from './consent-ledger';
import { MessagingConnections } from './messaging-connections';
import { MessagingOutbox } from './messaging-outbox';
import { VapidKeys } from './push/vapid-keys';

export type ConnectionChange =
  { provider: 'smtp'; body: SmtpConnectionBody } | { provider: 'twilio'; body: TwilioConnectionBody } | { provider: MessagingProvider; body: null };

/** Connects (or, with no body, disconnects) a provider: owners and admins only, since it hands over credentials. */
export class ChangeConnectionCommand extends Command<ConnectionsView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly change: ConnectionChange,
  ) {
    super();
  }
}

export class GetConnections extends Query<ConnectionsView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

export class ListOutbox extends Query<OutboxListView> {
  constructor(
    readonly caller: Caller,
    readonly query: OutboxQuery,
  ) {
    super();
  }
}

export class GetConsent extends Query<ConsentView> {
  constructor(
    readonly caller: Caller,
    readonly query: ConsentQuery,
  ) {
    super();
  }
}

/** A consent staff record by hand (a paper form, a phone call), or a withdrawal they were told of. */
export class RecordConsentCommand extends Command<ConsentView> {
  constructor(
    readonly caller: Caller,
    readonly body: RecordConsentBody,
  ) {
    super();
  }
}

async function connectionsOf(connections: MessagingConnections, vapid: VapidKeys, orgId: string): Promise<ConnectionsView> {
  return { connections: await connections.views(orgId), push_public_key: await vapid.publicKey() };
}

@CommandHandler(ChangeConnectionCommand)
export class ChangeConnectionHandler implements ICommandHandler<ChangeConnectionCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly connections: MessagingConnections,
    private readonly vapid: VapidKeys,
  ) {}

  async execute({ caller, orgId, change }: ChangeConnectionCommand): Promise<ConnectionsView> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.connectMessaging(role)) throw new DomainError('forbidden', `A ${role} cannot connect messaging providers.`);
    if (change.body === null) await this.connections.disconnect(orgId, change.provider);
    else {
      const { org_id: _org, ...settings } = change.body;
      if (change.provider === 'smtp') await this.connections.connect(orgId, 'smtp', settings as Omit<SmtpConnectionBody, 'org_id'>);
      else await this.connections.connect(orgId, 'twilio', settings as Omit<TwilioConnectionBody, 'org_id'>);
    }
    return connectionsOf(this.connections, this.vapid, orgId);
  }
}

@QueryHandler(GetConnections)
export class GetConnectionsHandler implements IQueryHandler<GetConnections> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly connections: MessagingConnections,
    private readonly vapid: VapidKeys,
  ) {}

  async execute({ caller, orgId }: GetConnections): Promise<ConnectionsView> {
    await this.gate.roleIn(caller, orgId);
    return connectionsOf(this.connections, this.vapid, orgId);
  }
}

@QueryHandler(ListOutbox)
export class ListOutboxHandler implements IQueryHandler<ListOutbox> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly outbox: MessagingOutbox,
  ) {}

  async execute({ caller, query }: ListOutbox): Promise<OutboxListView> {
    await this.gate.roleIn(caller, query.org_id);
    return this.outbox.list(query);
  }
}

@QueryHandler(GetConsent)
export class GetConsentHandler implements IQueryHandler<GetConsent> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly ledger: ConsentLedger,
  ) {}

  async execute({ caller, query }: GetConsent): Promise<ConsentView> {
    await this.gate.roleIn(caller, query.org_id);
    return this.ledger.view(query.org_id, query.address.channel, query.address.address);
  }
}

@CommandHandler(RecordConsentCommand)
export class RecordConsentHandler implements ICommandHandler<RecordConsentCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly ledger: ConsentLedger,
  ) {}

  async execute({ caller, body }: RecordConsentCommand): Promise<ConsentView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot record consent.`);
    const { channel, address } = body.address;
    await this.ledger.record(body.org_id, channel, address, body.status, 'staff', body.note || null, actor.id);
    return this.ledger.view(body.org_id, channel, address);
  }
}
