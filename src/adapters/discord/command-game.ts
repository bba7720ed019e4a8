import { ButtonStyle, ComponentType } from 'discord.js';
import { encodePayloadIfFits, type GameCommand } from '../../chat/buttons/button-payload.js';
import { chooseCommandGame, gameSuggestions, gameVs } from '../../chat/commands/command-game.js';
import { cutName } from '../../chat/words/player-label.js';
import { refusalText } from '../../chat/words/refusal-text.js';
import type { Game } from '../../game/model.js';
import type { AnswerMode } from './answer.js';
import type { Components, OutgoingMessage } from './channel-output.js';
import { liveViews, messageLink, nameOf, shownName } from './identity.js';
import { markdown } from './markdown.js';
import type { DiscordDeps, InteractionRouter, Suggesting, Suggestion, Turn } from './router.js';
import { bestEffort } from '../../game/logger.js';

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
 * What a command about a game does with it: `elsewhere` says where it is when not here, `move`
 * is /move's typed move (undefined for the other commands).
 */
export type GameWork = (
  turn: Turn,
  game: Game,
  elsewhere: Elsewhere | undefined,
  move: string | undefined,
) => Promise<void>;

/** Most games offered as buttons to choose from (five rows of five). */
const MAX_CHOICES = 25;
/** Discord's limit on a button's label. */
const MAX_LABEL = 80;

/**
 * The commands about one of the user's games (/move, /resign, /draw, /board, /pdn). The game is
 * the one named by the `game` option (suggested as the user types: their games, those here
 * first), else the user's one active game shown in this channel (preferring the one where it is
 * their move), else their only active game anywhere — then the work is told where it is. With
 * several and no option, the user alone is asked which, with a button per game that runs the
 * command on it (carrying /move's move; a move too long to carry is to be typed again with the
 * option).
 */
export class GameCommands {
  private readonly commands = new Map<GameCommand, { mode: AnswerMode; work: GameWork }>();

  constructor(
    private readonly router: InteractionRouter,
    private readonly deps: DiscordDeps,
  ) {
    router.autocomplete('game', (asked) => this.suggest(asked));
    // The choice's buttons: the command's answer replaces the question (a public one, /board's,
    // is posted in the channel).
    router.button(
      'command-game',
      (payload) => (this.commands.get(payload.command)?.mode === 'public' ? 'public' : 'update'),
      async (turn, payload) => {
        const command = this.commands.get(payload.command);
        if (command === undefined) return turn.whisper(turn.t.errors.unknownButton);
        await this.run(turn, payload.command, command.work, payload.gameId, payload.move);
      },
    );
  }

  /**
   * Registers `/name`, answered in `mode`, doing `work` on its game. `first`: the game the
   * command means before the user's active ones when no `game` option is given (/pdn: the
   * channel's last game, finished too; 'told' when it has answered already).
   */
  add(
    name: GameCommand,
    mode: AnswerMode,
    work: GameWork,
    first?: (turn: Turn) => Promise<Game | 'told' | undefined>,
  ): void {
    this.commands.set(name, { mode, work });
    this.router.command(name, mode, async (turn) => {
      const { options } = turn.interaction;
      const move = name === 'move' ? (options.getString('notation') ?? '') : undefined;
      const chosen = options.getString('game') ?? undefined;
      const found = chosen === undefined ? await first?.(turn) : undefined;
      if (found === 'told') return;
      if (found !== undefined) return work(turn, found, undefined, move);
      return this.run(turn, name, work, chosen, move);
    });
  }

  private async run(
    turn: Turn,
    name: GameCommand,
    work: GameWork,
    chosen: string | undefined,
    move: string | undefined,
  ): Promise<void> {
    const { t } = turn;
    const { deps } = this;
    const games = await deps.service.queries.activeGames(turn.player);
    if (!games.ok) {
      await turn.whisper(markdown(refusalText(t, games)));
      return;
    }
    const choice = chooseCommandGame(
      games.value,
      turn.player,
      (game) => shownIn(game, turn.channelId),
      chosen,
    );
    const option = t.discord.optionNames.game;
    if (choice.kind === 'unknown') return turn.whisper(t.discord.unknownGameOption(option));
    if (choice.kind === 'none') return turn.whisper(t.errors.noGameHere);
    if (choice.kind === 'several') return turn.whisper(whichGame(turn, name, choice.games, move));
    const current = deps.presenter.note(choice.game);
    await work(turn, current, elsewhereOf(current, turn, deps), move);
  }

  private async suggest(asked: Suggesting): Promise<Suggestion[]> {
    const games = await this.deps.service.queries.activeGames(asked.player);
    if (!games.ok) return [];
    return gameSuggestions(
      games.value,
      asked.player,
      (game) => shownIn(game, asked.channelId),
      asked.typed,
      asked.t,
      { name: shownName },
    );
  }
}

const shownIn = (game: Game, channelId: string): boolean =>
  liveViews(game.views).some((view) => view.chatId === channelId);

/**
 * The question "which game?" with a button per game (its words); or, when the buttons cannot
 * carry /move's move, the advice to type the command again with the `game` option.
 */
function whichGame(
  turn: Turn,
  name: GameCommand,
  games: readonly Game[],
  move: string | undefined,
): OutgoingMessage | string {
  const { t } = turn;
  const option = t.discord.optionNames.game;
  const buttons = games.slice(0, MAX_CHOICES).map((game) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    label: cutName(gameVs(game, turn.player, t, { name: shownName }), MAX_LABEL),
    custom_id: encodePayloadIfFits({
      kind: 'command-game',
      command: name,
      gameId: game.id,
      ...(move === undefined ? {} : { move }),
    }),
  }));
  if (buttons.some((button) => button.custom_id === undefined))
    return t.discord.severalGamesOption(t.discord.commandNames[name], option);
  // One game a row while they fit, else five a row.
  const width = buttons.length <= 5 ? 1 : 5;
  const rows: Components = [];
  for (let at = 0; at < buttons.length; at += width)
    rows.push({
      type: ComponentType.ActionRow,
      components: buttons
        .slice(at, at + width)
        .map((button) => ({ ...button, custom_id: button.custom_id! })),
    });
  return { content: t.discord.chooseGame(option), components: rows };
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
  const found = await deps.service.queries.getGame(last);
  if (found.ok) return found.value;
  if (found.code === 'not-found') return undefined;
  await turn.whisper(markdown(refusalText(turn.t, found)));
  return 'told';
}
