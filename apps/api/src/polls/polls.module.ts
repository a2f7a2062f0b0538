import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PollAccess } from './poll-access';
import { PollDecisions } from './poll-decisions';
import { ExportPollHandler } from './poll-export';
import { PollLiveFeed } from './poll-live-feed';
import { PollReads } from './poll-reads';
import { PollsController } from './polls.controller';
import { ChangePollHandler, CreatePollHandler } from './polls.handlers';
import { GetPollHandler, GetPollResultsHandler, ListPollsHandler } from './polls.queries';
import { PublicPollsController } from './public-polls.controller';
import { CastVoteHandler, GetPublicPollHandler } from './public-polls.handlers';
import { VoterTokens } from './voter-tokens';

/** Live voting, the engagement context's polls: staff's polls and their live results, voters' votes. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [PollsController, PublicPollsController],
  providers: [
    // Every command on a poll goes through its serialised stream.
    PollDecisions,
    PollReads,
    PollAccess,
    PollLiveFeed,
    VoterTokens,
    // Staff.
    CreatePollHandler,
    ChangePollHandler,
    GetPollHandler,
    ListPollsHandler,
    GetPollResultsHandler,
    ExportPollHandler,
    // Voters.
    CastVoteHandler,
    GetPublicPollHandler,
  ],
})
export class PollsModule {}
