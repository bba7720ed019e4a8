import { DiscordError } from './api-error.js';
import {
  defineRoute,
  noContent,
  ok,
  type FakeContext,
  type RestRequest,
  type Route,
} from './router.js';

/** Application command routes: bulk overwrite, list, create, get, delete; global and per guild. */
export function commandRoutes(context: FakeContext): Route[] {
  const { commands } = context;
  const guildOf = (request: RestRequest): string | undefined => {
    if (request.params.application_id !== context.applicationId) {
      throw new DiscordError(404, 10002, 'Unknown Application');
    }
    return request.params.guild_id;
  };
  const routes: Route[] = [];
  for (const base of [
    '/applications/:application_id',
    '/applications/:application_id/guilds/:guild_id',
  ]) {
    routes.push(
      defineRoute('PUT', `${base}/commands`, (request) =>
        ok(commands.overwrite(guildOf(request), request.json)),
      ),
      defineRoute('GET', `${base}/commands`, (request) => ok(commands.list(guildOf(request)))),
      defineRoute('POST', `${base}/commands`, (request) => {
        const { command, created } = commands.upsert(guildOf(request), request.json);
        return ok(command, created ? 201 : 200);
      }),
      defineRoute('GET', `${base}/commands/:command_id`, (request) =>
        ok(commands.get(guildOf(request), request.params.command_id ?? '')),
      ),
      defineRoute('DELETE', `${base}/commands/:command_id`, (request) => {
        commands.delete(guildOf(request), request.params.command_id ?? '');
        return noContent();
      }),
    );
  }
  return routes;
}
