import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyReadsModule } from '../loyalty/loyalty-reads.module';
import { UploadsModule } from '../uploads/uploads.module';
import { PageDirectory } from './page-directory';
import { PagesController } from './pages.controller';
import { PageReads } from './page-reads';
import { ChangePageHandler, CreatePageHandler, PageOwners, PageWriter, SubmitFormHandler } from './pages.handlers';
import { FindReturningVisitorHandler, GetPageHandler, ListPagesHandler, ListSubmissionsHandler } from './pages.queries';
import { PublicPageViews } from './public-page-views';
import { PublicNamedPagesController, PublicPagesController } from './public-pages.controller';

/** Landing pages, their registration forms and visitors' submissions. Wiring only. */
@Module({
  // The return page shows a visitor's loyalty exchange.
  imports: [IdentityModule, CodesModule, UploadsModule, LoyaltyReadsModule],
  controllers: [PagesController, PublicPagesController, PublicNamedPagesController],
  providers: [
    PageOwners,
    PageWriter,
    PageReads,
    PageDirectory,
    PublicPageViews,
    CreatePageHandler,
    ChangePageHandler,
    SubmitFormHandler,
    GetPageHandler,
    ListPagesHandler,
    ListSubmissionsHandler,
    FindReturningVisitorHandler,
  ],
  // Other contexts read pages and submissions (a page's organisation, a code's pages, a form's answers) through PageReads alone;
  // the experiences context opens a visitor's page through PageDirectory.
  exports: [PageReads, PageDirectory],
})
export class PagesModule {}
