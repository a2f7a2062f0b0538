import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListPollsQuery, PollListView, PollResultsView, PollView } from '@qr/contracts';
import { type Caller, TenancyGate } from '../identity';
import { PollAccess } from './poll-access';
import { pollViewOf, PollReads } from './poll-reads';

export class GetPoll extends Query<PollView> {
  constructor(
    readonly caller: Caller,
    readonly pollId: string,
  ) {
    super();
  }
}

export class ListPolls extends Query<PollListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListPollsQuery,
  ) {
    super();
  }
}

/** Staff see the results whether or not voters do. */
export class GetPollResults extends Query<PollResultsView> {
  constructor(
    readonly caller: Caller,
    readonly pollId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPoll)
export class GetPollHandler implements IQueryHandler<GetPoll> {
  constructor(private readonly access: PollAccess) {}

  async execute({ caller, pollId }: GetPoll): Promise<PollView> {
    return pollViewOf(await this.access.reader(caller, pollId));
  }
}

@QueryHandler(ListPolls)
export class ListPollsHandler implements IQueryHandler<ListPolls> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly reads: PollReads,
  ) {}

  async execute({ caller, query }: ListPolls): Promise<PollListView> {
    await this.gate.roleIn(caller, query.org_id);
    const { rows, total } = await this.reads.list(query.org_id, query.code_id, query.page, query.per_page);
    return { items: rows.map(pollViewOf), page: query.page, per_page: query.per_page, total };
  }
}

@QueryHandler(GetPollResults)
export class GetPollResultsHandler implements IQueryHandler<GetPollResults> {
  constructor(
    private readonly access: PollAccess,
    private readonly reads: PollReads,
  ) {}

  async execute({ caller, pollId }: GetPollResults): Promise<PollResultsView> {
    return this.reads.results(await this.access.reader(caller, pollId));
  }
}
