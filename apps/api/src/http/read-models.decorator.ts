import { SetMetadata } from '@nestjs/common';

export const READ_MODELS = Symbol('read models');

/**
 * The projections (by name) a controller's or route's queries read, the caller's own role among
 * them: a query given `min_position` waits for these alone to reach it. Every GET route under
 * /api/v1 declares them, none for a route that reads no read model (a spec checks that each does);
 * a route's own declaration replaces its controller's. A projection fed by scans alone (scan
 * counts) is not named: scans are recorded outside /api/v1, so no position a client holds is
 * one, and waiting for it would only wait for other people's traffic.
 */
export const ReadModels = (...names: string[]): MethodDecorator & ClassDecorator => SetMetadata(READ_MODELS, names);

/** Whom a caller is to an organisation: a member's role, or an API key's. */
export const CALLER_ROLES = ['members', 'api_keys'] as const;
