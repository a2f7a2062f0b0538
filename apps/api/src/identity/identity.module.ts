import { Module } from '@nestjs/common';
import { ApiKeySecrets } from './api-key-secrets';
import { AuthModule } from './auth/auth.module';
import { AuthenticationGuard } from './authentication.guard';
import { ChangeOrganizationHandler, CreateOrganizationHandler, IssueApiKeyHandler, OrganizationStream } from './organization.handlers';
import { GetMemberRoleHandler, GetOrganizationHandler, ListMembersHandler, ListMyOrganizationsHandler, Membership } from './organization.queries';
import { OrganizationsController } from './organizations.controller';

/** Organisations, members, roles and API keys, behind the authentication guard. Wiring only. */
@Module({
  imports: [AuthModule],
  controllers: [OrganizationsController],
  providers: [
    ApiKeySecrets,
    AuthenticationGuard,
    OrganizationStream,
    Membership,
    CreateOrganizationHandler,
    ChangeOrganizationHandler,
    IssueApiKeyHandler,
    GetOrganizationHandler,
    ListMyOrganizationsHandler,
    ListMembersHandler,
    GetMemberRoleHandler,
  ],
})
export class IdentityModule {}
