import type { APIUser } from 'discord.js';
import { invalidFormBody } from './api-error.js';
import type { CommandStore } from './commands.js';
import type { InteractionRecord } from './interaction-record.js';
import type { MessageStore } from './messages.js';
import type { DiscordRateLimits } from './rate-limits.js';
import type { UploadedFile } from './request.js';
import { messageBodyErrors } from './validate-message.js';
import type { World } from './world.js';

/** The REST routes' shared shapes: requests, answers, the route table and the fake's state. */

export interface RestRequest {
  readonly method: string;
  /** The path after `/api/v10`, e.g. `/channels/1/messages`. */
  readonly path: string;
  /** Only the names in the route's path are present. */
  readonly params: Readonly<Partial<Record<string, string>>>;
  readonly query: URLSearchParams;
  readonly json: unknown;
  readonly files: readonly UploadedFile[];
}

export interface RestResult {
  readonly status: number;
  /** JSON body; none for 204. */
  readonly body?: unknown;
}

export interface Route {
  readonly method: string;
  /** e.g. `/channels/:channel_id/messages`. */
  readonly template: string;
  readonly pattern: RegExp;
  /** Needs `Authorization: Bot <token>` (webhook and interaction routes do not). */
  readonly auth: boolean;
  readonly limit: keyof DiscordRateLimits;
  readonly handle: (request: RestRequest) => RestResult;
}

/** What the route handlers work on. */
export interface FakeContext {
  readonly world: World;
  readonly messages: MessageStore;
  readonly commands: CommandStore;
  readonly interactions: Map<string, InteractionRecord>;
  readonly applicationId: string;
  readonly bot: APIUser;
  readonly gatewayInfo: () => Record<string, unknown>;
}

export function defineRoute(
  method: string,
  template: string,
  handle: (request: RestRequest) => RestResult,
  options: { auth?: boolean; limit?: keyof DiscordRateLimits } = {},
): Route {
  const source = template.replace(/:([a-z_]+)/g, '(?<$1>[^/]+)');
  return {
    method,
    template,
    pattern: new RegExp(`^${source}$`),
    auth: options.auth ?? true,
    limit: options.limit ?? 'other',
    handle,
  };
}

/** The route for a request, 'method' when only the method is wrong, undefined when none. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | 'method' | undefined {
  let pathMatched = false;
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match === null) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(match.groups ?? {}))
      params[key] = decodeURIComponent(value);
    return { route, params };
  }
  return pathMatched ? 'method' : undefined;
}

/** Discord's major parameters: a bucket is per route and per these. */
export function majorOf(params: Readonly<Record<string, string>>): string {
  const keys = [
    'channel_id',
    'guild_id',
    'webhook_id',
    'webhook_token',
    'interaction_id',
    'interaction_token',
  ];
  return keys
    .filter((key) => key in params)
    .map((key) => params[key])
    .join(':');
}

export const ok = (body: unknown, status = 200): RestResult => ({ status, body });
export const noContent = (): RestResult => ({ status: 204 });

/** The body as an object ({} when there was none); throws 50035 for anything else. */
export function objectBody(request: RestRequest): Record<string, unknown> {
  if (request.json === undefined) return {};
  if (typeof request.json !== 'object' || request.json === null || Array.isArray(request.json)) {
    throw invalidFormBody([
      {
        path: '_',
        code: 'MODEL_TYPE_CONVERT',
        message: 'Only dictionaries may be used in a ModelType',
      },
    ]);
  }
  return request.json as Record<string, unknown>;
}

/** Throws 400 50035 when a message body breaks Discord's limits. */
export function checkMessageBody(
  body: Record<string, unknown>,
  files: readonly UploadedFile[],
  prefix = '',
): void {
  const errors = messageBodyErrors(body, prefix, files.length);
  if (errors.length > 0) throw invalidFormBody(errors);
}
