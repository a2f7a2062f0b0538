import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';

/** Promo campaigns on codes, master promo keys, and the visitor's validation. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [],
  providers: [],
})
export class PromosModule {}
