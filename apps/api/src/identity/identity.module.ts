import { Module } from '@nestjs/common';
import { ApiKeySecrets } from './api-key-secrets';
import { AuthModule } from './auth/auth.module';
import { AuthenticationGuard, OptionalAuthenticationGuard } from './authentication.guard';
import { ChangeOrganizationHandler, CreateOrganizationHandler, IssueApiKeyHandler } from './organization.handlers';
import {
  CheckExistenceHandler,
  GetIdentifierHandler,
  GetMemberRoleHandler,
  GetOrganizationHandler,
  GetPublicOrganizationHandler,
  ListApiKeysHandler,
  ListMembersHandler,
  ListMyOrganizationsHandler,
  Membership,
} from './organization.queries';
import { OrganizationsController } from './organizations.controller';
import { ProfileController } from './profile.controller';
import { ChangePasswordHandler, UpdateProfileHandler } from './profile.handlers';
import { GetProfileHandler } from './profile.queries';
import { PublicTermsController, TermsController } from './terms.controller';
import { GetPublicTermsHandler, GetTermsHandler } from './terms.queries';
import { OrganizationReads } from './organization-reads';
import { TenancyGate } from './tenancy-gate';

/** Organisations, members, roles, API keys, terms and the user's profile, behind the authentication guard (public terms aside). Wiring only. */
@Module({
  imports: [AuthModule],
  controllers: [OrganizationsController, TermsController, PublicTermsController, ProfileController],
  providers: [
    ApiKeySecrets,
    AuthenticationGuard,
    OptionalAuthenticationGuard,
    Membership,
    TenancyGate,
    OrganizationReads,
    CreateOrganizationHandler,
    ChangeOrganizationHandler,
    IssueApiKeyHandler,
    GetOrganizationHandler,
    GetPublicOrganizationHandler,
    ListMyOrganizationsHandler,
    ListMembersHandler,
    GetMemberRoleHandler,
    CheckExistenceHandler,
    GetIdentifierHandler,
    ListApiKeysHandler,
    GetTermsHandler,
    GetPublicTermsHandler,
    GetProfileHandler,
    UpdateProfileHandler,
    ChangePasswordHandler,
  ],
  // Other contexts put their routes behind the same guard, pass the same tenancy gate and read what an organisation shows of itself.
  exports: [AuthModule, ApiKeySecrets, AuthenticationGuard, OptionalAuthenticationGuard, TenancyGate, OrganizationReads],
})
export class IdentityModule {}
