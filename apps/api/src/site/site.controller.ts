import { Controller, Get, Inject } from '@nestjs/common';
import type { SiteView } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { CONFIG } from '../infrastructure';
import { ReadModels } from '../http/read-models.decorator';

/** Public: the home screen asks this to tell the product's host from the short host in QR codes. */
@Controller('api/v1/public/site')
@ReadModels()
export class SiteController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Get()
  get(): SiteView {
    return { alt_host: this.config.ALT_HOST ?? null };
  }
}
