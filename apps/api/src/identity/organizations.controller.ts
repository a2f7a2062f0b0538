import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AddMemberBody,
  CheckExistenceBody,
  CreateOrganizationBody,
  EditRoleBody,
  IssueApiKeyBody,
  UpdateBrandKitBody,
  UpdateOrganizationBody,
  type ApiKeyIssuedView,
  type ApiKeyView,
  type IdentifierView,
  type MemberView,
  type MyOrganizationView,
  type OrganizationView,
  type UserRoleView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, CurrentCaller } from './authentication.guard';
import type { Caller } from './caller';
import { ApiKeyPath, MemberPath, OrganizationPath } from './organization-paths';
import { ChangeOrganizationCommand, CreateOrganizationCommand, IssueApiKeyCommand } from './organization.handlers';
import { CheckExistence, GetIdentifier, GetMemberRole, GetOrganization, ListApiKeys, ListMembers, ListMyOrganizations } from './organization.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const orgPath = new ZodValidationPipe(OrganizationPath, 'path');
const memberPath = new ZodValidationPipe(MemberPath, 'path');

/** Organisations, their users and roles, and API keys (spec §7 "Organisation and users"). */
@Controller('api/v1/organizations')
@ReadModels(...CALLER_ROLES, 'organizations')
@UseGuards(AuthenticationGuard)
export class OrganizationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CreateOrganizationBody, 'body')) body: CreateOrganizationBody,
  ): Promise<OrganizationView> {
    return this.commands.execute(new CreateOrganizationCommand(caller, body));
  }

  @Get()
  listMine(@CurrentCaller() caller: Caller): Promise<MyOrganizationView[]> {
    return this.queries.execute(new ListMyOrganizations(caller));
  }

  /** Spec §7 "check existence": among the caller's own organisations only (see CheckExistenceHandler). */
  @Post('check-existence')
  @HttpCode(200)
  checkExistence(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CheckExistenceBody, 'body')) body: CheckExistenceBody,
  ): Promise<OrganizationView> {
    return this.queries.execute(new CheckExistence(caller, body));
  }

  @Get(':org_id')
  get(@CurrentCaller() caller: Caller, @Param(orgPath) { org_id }: OrganizationPath): Promise<OrganizationView> {
    return this.queries.execute(new GetOrganization(caller, org_id));
  }

  @Patch(':org_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(UpdateOrganizationBody, 'body')) body: UpdateOrganizationBody,
  ): Promise<OrganizationView> {
    await this.commands.execute(
      new ChangeOrganizationCommand(caller, org_id, {
        type: 'UpdateOrganization',
        name: body.organization_name,
        logo_url: body.organization_logo,
        time_zone: body.time_zone,
      }),
    );
    return this.queries.execute(new GetOrganization(caller, org_id));
  }

  /** The whole kit at once, as the brand kit editor saves it (owner, admin). */
  @Put(':org_id/brand-kit')
  async setBrandKit(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(UpdateBrandKitBody, 'body')) body: UpdateBrandKitBody,
  ): Promise<OrganizationView> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'SetBrandKit', brand_kit: body }));
    return this.queries.execute(new GetOrganization(caller, org_id));
  }

  @Get(':org_id/users')
  listUsers(@CurrentCaller() caller: Caller, @Param(orgPath) { org_id }: OrganizationPath): Promise<MemberView[]> {
    return this.queries.execute(new ListMembers(caller, org_id));
  }

  @Post(':org_id/users')
  async addUser(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(AddMemberBody, 'body')) body: AddMemberBody,
  ): Promise<UserRoleView> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'AddMember', email: body.email, role: body.role }));
    return { email: body.email, role: body.role };
  }

  @Delete(':org_id/users/:email')
  @HttpCode(204)
  async deleteUser(@CurrentCaller() caller: Caller, @Param(memberPath) { org_id, email }: MemberPath): Promise<void> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'RemoveMember', email }));
  }

  @Put(':org_id/users/:email')
  async editRole(
    @CurrentCaller() caller: Caller,
    @Param(memberPath) { org_id, email }: MemberPath,
    @Body(new ZodValidationPipe(EditRoleBody, 'body')) body: EditRoleBody,
  ): Promise<UserRoleView> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'ChangeMemberRole', email, role: body.role }));
    return { email, role: body.role };
  }

  @Get(':org_id/users/:email/role')
  getRole(@CurrentCaller() caller: Caller, @Param(memberPath) { org_id, email }: MemberPath): Promise<UserRoleView> {
    return this.queries.execute(new GetMemberRole(caller, org_id, email));
  }

  @Get(':org_id/identifier')
  identifier(@CurrentCaller() caller: Caller, @Param(orgPath) { org_id }: OrganizationPath): Promise<IdentifierView> {
    return this.queries.execute(new GetIdentifier(caller, org_id));
  }

  @Get(':org_id/api-keys')
  listApiKeys(@CurrentCaller() caller: Caller, @Param(orgPath) { org_id }: OrganizationPath): Promise<ApiKeyView[]> {
    return this.queries.execute(new ListApiKeys(caller, org_id));
  }

  @Post(':org_id/api-keys')
  issueApiKey(
    @CurrentCaller() caller: Caller,
    @Param(orgPath) { org_id }: OrganizationPath,
    @Body(new ZodValidationPipe(IssueApiKeyBody, 'body')) body: IssueApiKeyBody,
  ): Promise<ApiKeyIssuedView> {
    return this.commands.execute(new IssueApiKeyCommand(caller, org_id, body));
  }

  @Delete(':org_id/api-keys/:key_id')
  @HttpCode(204)
  async revokeApiKey(@CurrentCaller() caller: Caller, @Param(new ZodValidationPipe(ApiKeyPath, 'path')) { org_id, key_id }: ApiKeyPath): Promise<void> {
    await this.commands.execute(new ChangeOrganizationCommand(caller, org_id, { type: 'RevokeApiKey', key_id }));
  }
}
