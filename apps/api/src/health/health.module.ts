import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { GetHealthHandler } from './health.queries';

@Module({ controllers: [HealthController], providers: [GetHealthHandler] })
export class HealthModule {}
