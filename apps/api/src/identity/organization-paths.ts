import { z } from 'zod';
import { Email } from '@qr/contracts';

/** The path parameters of the organisation routes, shared by the controller and OpenAPI. */
export const OrganizationPath = z.strictObject({ org_id: z.uuid() });
export type OrganizationPath = z.infer<typeof OrganizationPath>;

/** A member is named by their email, which is their user id. */
export const MemberPath = z.strictObject({ org_id: z.uuid(), email: Email });
export type MemberPath = z.infer<typeof MemberPath>;

export const ApiKeyPath = z.strictObject({ org_id: z.uuid(), key_id: z.uuid() });
export type ApiKeyPath = z.infer<typeof ApiKeyPath>;
