/**
 * Who a message mentions, as Discord decides it: from the mention syntax in its content (never
 * its embeds), limited by the body's `allowed_mentions`. Without `allowed_mentions`, everything
 * in the content counts (users, roles, @everyone and @here); with it, only what `parse` names
 * (`users`, `roles`, `everyone`) plus the ids listed in `users` and `roles`, and the author of
 * a replied-to message only with `replied_user: true`. The fake reads the syntax in the raw
 * content, escaped or in code: how Discord's server treats an escaped mention is not documented,
 * so the fake takes the stricter view, in which only allowed_mentions stops a ping.
 */

import type { FieldError } from './api-error.js';

export interface MessageMentions {
  readonly users: readonly string[];
  readonly roles: readonly string[];
  /** @everyone or @here counts. */
  readonly everyone: boolean;
}

export const NO_MENTIONS: MessageMentions = { users: [], roles: [], everyone: false };

const PARSE_TYPES = new Set(['users', 'roles', 'everyone']);
const MAX_IDS = 100;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((entry) => String(entry)) : [];

/** The limits broken by a body's `allowed_mentions` (Discord answers them with 50035). */
export function allowedMentionsErrors(body: Json, prefix = ''): FieldError[] {
  const allowed = body.allowed_mentions;
  if (allowed === undefined || allowed === null) return [];
  const at = `${prefix}allowed_mentions`;
  if (!isObject(allowed)) {
    return [{ path: at, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used' }];
  }
  const errors: FieldError[] = [];
  const parse = stringsOf(allowed.parse);
  parse.forEach((type, index) => {
    if (!PARSE_TYPES.has(type)) {
      errors.push({
        path: `${at}.parse.${index}`,
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of {users, roles, everyone}.',
      });
    }
  });
  for (const list of ['users', 'roles'] as const) {
    const ids = stringsOf(allowed[list]);
    if (ids.length > MAX_IDS) {
      errors.push({
        path: `${at}.${list}`,
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `Must be ${MAX_IDS} or fewer in length.`,
      });
    }
    if (ids.length > 0 && parse.includes(list)) {
      errors.push({
        path: at,
        code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        message: `parse:["${list}"] and ${list}: [ids...] are mutually exclusive.`,
      });
    }
  }
  return errors;
}

/** The mentions that count in a message body's content; `repliedAuthor`: a reply's. */
export function mentionsOf(content: string, allowed: unknown, repliedAuthor?: string) {
  const users = unique([...content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1]!));
  const roles = unique([...content.matchAll(/<@&(\d+)>/g)].map((match) => match[1]!));
  const everyone = /@(?:everyone|here)/.test(content);
  if (!isObject(allowed)) {
    return {
      users: unique([...users, ...(repliedAuthor === undefined ? [] : [repliedAuthor])]),
      roles,
      everyone,
    } satisfies MessageMentions;
  }
  const parse = stringsOf(allowed.parse);
  const listedUsers = new Set(stringsOf(allowed.users));
  const listedRoles = new Set(stringsOf(allowed.roles));
  const replied = allowed.replied_user === true && repliedAuthor !== undefined;
  return {
    users: unique([
      ...users.filter((id) => parse.includes('users') || listedUsers.has(id)),
      ...(replied ? [repliedAuthor] : []),
    ]),
    roles: roles.filter((id) => parse.includes('roles') || listedRoles.has(id)),
    everyone: everyone && parse.includes('everyone'),
  } satisfies MessageMentions;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
