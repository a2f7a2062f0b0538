import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { ExperiencesController, PageEventDataController, PublicEventDataController } from './experiences.controller';
import { ChangeExperienceHandler, CreateExperienceHandler, ExperienceStreams, PutPageEventDataHandler } from './experiences.handlers';
import {
  CheckEventLocationHandler,
  GetExperienceHandler,
  GetPageEventDataHandler,
  ListExperiencesHandler,
  ValidateEventDataHandler,
} from './experiences.queries';

/** Experiences, the event data of pages, and the public checks of the `/page/{id}` guard. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, PagesModule],
  controllers: [ExperiencesController, PageEventDataController, PublicEventDataController],
  providers: [
    ExperienceStreams,
    CreateExperienceHandler,
    ChangeExperienceHandler,
    PutPageEventDataHandler,
    ListExperiencesHandler,
    GetExperienceHandler,
    GetPageEventDataHandler,
    CheckEventLocationHandler,
    ValidateEventDataHandler,
  ],
})
export class ExperiencesModule {}
