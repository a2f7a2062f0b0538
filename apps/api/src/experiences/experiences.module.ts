import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { ExperiencesController, PageEventDataController, PublicEventDataController } from './experiences.controller';
import { ChangeExperienceHandler, CreateExperienceHandler, ExperienceOwners, PutPageEventDataHandler } from './experiences.handlers';
import {
  CheckEventLocationHandler,
  GetExperienceHandler,
  GetPageEventDataHandler,
  EventDataReads,
  ExperienceViews,
  ListExperiencesHandler,
  ValidateEventDataHandler,
} from './experiences.queries';

/** Experiences, the event data of pages, and the public checks of the `/page/{id}` guard. Wiring only. */
@Module({
  imports: [IdentityModule, PagesModule],
  controllers: [ExperiencesController, PageEventDataController, PublicEventDataController],
  providers: [
    ExperienceOwners,
    ExperienceViews,
    CreateExperienceHandler,
    ChangeExperienceHandler,
    PutPageEventDataHandler,
    ListExperiencesHandler,
    GetExperienceHandler,
    GetPageEventDataHandler,
    CheckEventLocationHandler,
    ValidateEventDataHandler,
    EventDataReads,
  ],
  exports: [EventDataReads],
})
export class ExperiencesModule {}
