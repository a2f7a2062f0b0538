import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { OneTimeBatches } from './one-time-batches';
import { OneTimeCodeIssuer } from './one-time-code-issuer';
import { OneTimeCodesController } from './one-time-codes.controller';
import { ExportOneTimeCodesCsvHandler } from './one-time-codes.export';
import { OneTimeCodeFiles } from './one-time-codes.files';
import { DeleteOneTimeCodesHandler, IssueOneTimeCodesHandler } from './one-time-codes.handlers';
import { GetOneTimeBatchHandler, ListOneTimeBatchesHandler, ListOneTimeCodesHandler } from './one-time-codes.queries';

/** One-time codes behind the authentication guard (their scans are the scan path's). Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [OneTimeCodesController],
  providers: [
    OneTimeBatches,
    OneTimeCodeIssuer,
    OneTimeCodeFiles,
    IssueOneTimeCodesHandler,
    DeleteOneTimeCodesHandler,
    GetOneTimeBatchHandler,
    ListOneTimeBatchesHandler,
    ListOneTimeCodesHandler,
    ExportOneTimeCodesCsvHandler,
  ],
  exports: [OneTimeCodeIssuer],
})
export class OneTimeCodesModule {}
