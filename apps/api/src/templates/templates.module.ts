import { Module } from '@nestjs/common';
import { ClonesModule } from '../clones/clones.module';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { UploadsModule } from '../uploads/uploads.module';
import { TemplatesController } from './templates.controller';
import { DeleteTemplateHandler, SaveTemplateHandler, UseTemplateHandler } from './templates.handlers';
import { GetTemplateHandler, ListTemplatesHandler, TemplateCatalogue } from './templates.queries';

/** Templates of codes and their pages: the built-in gallery and each organisation's own. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, ClonesModule, UploadsModule],
  controllers: [TemplatesController],
  providers: [TemplateCatalogue, SaveTemplateHandler, DeleteTemplateHandler, UseTemplateHandler, ListTemplatesHandler, GetTemplateHandler],
})
export class TemplatesModule {}
