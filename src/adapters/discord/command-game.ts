import { gameVs, pickCommandGame } from '../../chat/command-game.js';
import type { Game } from '../../game/model.js';
import { markdown } from './markdown.js';
import { refusalText } from '../../chat/refusal-text.js';
import { liveViews, messageLink, nameOf } from './identity.js';
import { bestEffort } from '../../game/logger.js';
import type { DiscordDeps, Turn } from './router.js';

/**
 * Where a command's game is when it is not shown in the command's channel, for the answer to
 * say (only to the user, here): the game's words (`Messages.gameVs`), its channel (a channel
 * mention, or "another chat" where its server is not known) and a link to its game message.
 */
export interface Elsewhere {
  readonly game: string;
  readonly place: string;
  readonly link: string;
}

/**
 * The game a command is about: the user's one active game shown in this channel (preferring
 * the one where it is their move), else their only active game anywhere — then `work` is told
 * where it is (`Elsewhere`): it acts there, and its answer here says so.
 */
export async function withCommandGame(
  turn: Turn,
  deps: DiscordDeps,
  work: (game: Game, elsewhere: Elsewhere | undefined) => Promise<void>,
): Promise<void> {
  const { t } = turn;
  const games = await deps.service.activeGames(turn.player);
  if (!games.ok) {
    await turn.whisper(markdown(refusalText(t, games)));
    return;
  }
  const here = games.value.filter((game) =>
    liveViews(game.views).some((view) => view.chatId === turn.channelId),
  );
  // Nothing shown here: the player's only game elsewhere will do.
  const game = pickCommandGame(here.length > 0 ? here : games.value, turn.player);
  if (game === 'none' || game === 'several') {
    await turn.whisper(game === 'none' ? t.errors.noGameHere : t.errors.severalGames);
    return;
  }
  const current = deps.presenter.note(game);
  await work(current, elsewhereOf(current, turn, deps));
}

/**
 * Where `game` is shown on Discord when not in the turn's channel: its live game message in
 * another channel; undefined when it is shown here (or nowhere on Discord: a game of Telegram's).
 */
function elsewhereOf(game: Game, turn: Turn, deps: DiscordDeps): Elsewhere | undefined {
  const views = liveViews(game.views);
  const view = views.at(0);
  if (view === undefined || views.some((v) => v.chatId === turn.channelId)) return undefined;
  const guildId = deps.guildOf(view.chatId);
  return {
    game: gameVs(game, turn.player, turn.t, { name: nameOf }),
    place: guildId === undefined ? turn.t.discord.otherChat : `<#${view.chatId}>`,
    link: messageLink(guildId, view.chatId, view.messageId),
  };
}

/** An answer's text, and where the game is when that is not here (already markdown). */
export function withPlace(content: string, turn: Turn, elsewhere: Elsewhere | undefined): string {
  if (elsewhere === undefined) return content;
  const { game, place, link } = elsewhere;
  return `${content}\n${markdown(turn.t.discord.gameElsewhere(game, place, link))}`;
}

/**
 * The last game whose message was posted in the turn's channel (over or not: right after a
 * game, that one), as /replay and /pdn take it when no game is named. 'told' once the user has
 * been told why it could not be read.
 */
export async function channelLastGame(
  turn: Turn,
  deps: DiscordDeps,
): Promise<Game | 'told' | undefined> {
  const last = await bestEffort(
    deps.logger,
    'discord: could not read the channel’s last game',
    deps.channels.lastGame(turn.channelId),
    { channelId: turn.channelId },
    undefined,
  );
  if (last === undefined) return undefined;
  const found = await deps.service.getGame(last);
  if (found.ok) return found.value;
  if (found.code === 'not-found') return undefined;
  await turn.whisper(markdown(refusalText(turn.t, found)));
  return 'told';
}
