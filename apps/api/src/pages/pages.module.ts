import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { UploadsModule } from '../uploads/uploads.module';
import { PageDirectory } from './page-directory';
import { PagesController } from './pages.controller';
import { ChangePageHandler, CreatePageHandler, PageStream, SubmitFormHandler } from './pages.handlers';
import { FindReturningVisitorHandler, GetPageHandler, ListPagesHandler, ListSubmissionsHandler } from './pages.queries';
import { PublicPageViews } from './public-page-views';
import { PublicNamedPagesController, PublicPagesController } from './public-pages.controller';

/** Landing pages, their registration forms and visitors' submissions. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, UploadsModule],
  controllers: [PagesController, PublicPagesController, PublicNamedPagesController],
  providers: [PageStream, PageDirectory, PublicPageViews, CreatePageHandler, ChangePageHandler, SubmitFormHandler, GetPageHandler, ListPagesHandler, ListSubmissionsHandler, FindReturningVisitorHandler],
  // Event data belongs to pages: the experiences context finds a page's organisation, and a visitor's page, through these.
  exports: [PageStream, PageDirectory],
})
export class PagesModule {}
