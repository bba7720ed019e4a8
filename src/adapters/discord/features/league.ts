import type { TournamentArguments } from '../../../chat/commands/tournament-arguments.js';
import type { VariantId } from '../../../engine/index.js';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../../../game/bot-player.js';
import { DEFAULT_DAYS_PER_MOVE, type PlayerId } from '../../../game/model.js';
import { rulesOf } from '../../../game/rules-strategy.js';
import { MAX_CYCLES, MAX_SWISS_ROUNDS } from '../../../game/tournament-rules.js';
import { TOP_LINES } from '../../../chat/words/league-text.js';
import { PUZZLES_CHOICE } from '../commands.js';
import { channelKey, discordView, playerFromUser } from '../identity.js';
import {
  leaderboardMessage,
  standingsMessage,
  statsMessage,
  tournamentCardMessage,
} from '../league-cards.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';
import { daysOption, variantOption } from './challenges.js';
import { managesServer } from './commands.js';
import { showPuzzleTop } from './puzzles.js';

/** A variant option of a rated game (a table game has no ratings: the default then). */
function ratedVariant(value: string | null): VariantId {
  return rulesOf(variantOption(value)).league ?? 'bashni';
}

type CommandOptions = Extract<Turn['interaction'], { commandName: string }>['options'];

/**
 * `/tournament new`'s options as the shared words' arguments; 'too-many-cycles' for a round
 * robin asked to play more cycles than it may (the option's range is the Swiss one).
 */
function tournamentArguments(options: CommandOptions): TournamentArguments | 'too-many-cycles' {
  const format = options.getString('format') === 'swiss' ? 'swiss' : 'round-robin';
  const rounds = options.getInteger('rounds') ?? undefined;
  const most = format === 'swiss' ? MAX_SWISS_ROUNDS : MAX_CYCLES;
  if (rounds !== undefined && (rounds < 1 || rounds > most)) return 'too-many-cycles';
  return {
    format,
    variant: ratedVariant(options.getString('variant')),
    // The command offers no "no clock": a tournament's rounds need one.
    daysPerMove: daysOption(options.getInteger('days')) ?? DEFAULT_DAYS_PER_MOVE,
    rated: options.getBoolean('rated') ?? true,
    ...(rounds === undefined ? {} : { rounds }),
  };
}

/**
 * Ratings and tournaments on Discord: /stats, /top (the rating leaderboards; the puzzle one by
 * its choice), /tournament new and leave, /standings, and the sign-up card's buttons. Opening a
 * tournament, and starting or cancelling someone else's, is for members who manage the server.
 */
export function leagueFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('stats', 'public', async (turn) => {
    const { interaction, t } = turn;
    if (!interaction.isChatInputCommand()) return;
    const user = interaction.options.getUser('player');
    const player = user === null ? turn.player : playerFromUser(user);
    const records = await turn.present(await deps.service.league.playerRatings(player));
    if (records !== undefined)
      await turn.answer.respond(await statsMessage(player, records, t, deps.painter));
  });

  router.command('top', 'public', async (turn) => {
    const { interaction } = turn;
    if (!interaction.isChatInputCommand()) return;
    const choice = interaction.options.getString('variant');
    if (choice === PUZZLES_CHOICE) return showPuzzleTop(turn, deps);
    const variant = ratedVariant(choice);
    const channel = await turn.present(
      await deps.service.league.chatLeaderboard(channelKey(turn.channelId), variant),
    );
    if (channel === undefined) return;
    const global = await turn.present(
      await deps.service.league.globalLeaderboard(variant, TOP_LINES),
    );
    if (global === undefined) return;
    // A leaderboard is the channel's: in its language.
    const { chatT } = turn;
    await turn.answer.respond(leaderboardMessage(chatT.variant(variant), channel, global, chatT));
  });

  router.command('tournament', 'public', async (turn) => {
    const { interaction } = turn;
    if (!interaction.isChatInputCommand()) return;
    const subcommand = interaction.options.getSubcommand(false);
    if (subcommand === 'leave') await leave(turn, deps);
    else if (subcommand === 'bot') await enterBot(turn, deps, interaction.options);
    else await open(turn, deps, interaction.options);
  });

  router.command('standings', 'public', async (turn) => {
    const tournament = await channelTournament(turn, deps);
    if (tournament !== undefined)
      await turn.answer.respond(await standingsMessage(tournament, turn.chatT, deps.painter));
  });

  // The card's buttons: their effect is the card's edit (or the round's posts), by the presenter.
  router.button('tournament-join', 'update', async (turn, payload) => {
    await turn.present(await deps.service.league.joinTournament(payload.tournamentId, turn.player));
  });
  router.button('tournament-leave', 'update', async (turn, payload) => {
    await turn.present(
      await deps.service.league.leaveTournament(payload.tournamentId, turn.player),
    );
  });
  router.button('tournament-start', 'update', async (turn, payload) => {
    const { tournamentId } = payload;
    await turn.present(
      await deps.service.league.startTournament(tournamentId, turn.player, managesServer(turn)),
    );
  });
  router.button('tournament-cancel', 'update', async (turn, payload) => {
    const { tournamentId } = payload;
    await turn.present(
      await deps.service.league.cancelTournament(tournamentId, turn.player, managesServer(turn)),
    );
  });
}

/** `/tournament new`: the sign-up card, posted as the answer and recorded as the card. */
async function open(turn: Turn, deps: DiscordDeps, options: CommandOptions): Promise<void> {
  const { t } = turn;
  if (!managesServer(turn)) {
    await turn.whisper(t.discord.tournamentManagersOnly);
    return;
  }
  const args = tournamentArguments(options);
  if (args === 'too-many-cycles') {
    await turn.whisper(t.discord.tournamentCycles(MAX_CYCLES));
    return;
  }
  const tournament = await turn.present(
    await deps.service.league.createTournament({
      organiser: turn.player,
      chat: { platform: 'discord', chatId: turn.channelId },
      format: args.format,
      variant: args.variant,
      daysPerMove: args.daysPerMove,
      // A Swiss event's rounds, when not given, follow the field at the start.
      rounds: args.rounds ?? (args.format === 'swiss' ? 0 : 1),
      rated: args.rated,
      // The same interaction handled again is the same tournament.
      requestKey: turn.requestKey,
    }),
  );
  if (tournament === undefined) return;
  const guildId = turn.interaction.guildId;
  if (guildId !== null) await deps.channels.addTournamentChannel(guildId, turn.channelId);
  const messageId = await turn.answer.respond(tournamentCardMessage(tournament, turn.chatT));
  if (messageId === undefined) return;
  const added = await deps.service.league.addTournamentView(
    tournament.id,
    discordView(turn.channelId, messageId),
  );
  if (!added.ok)
    deps.logger.warn('discord: could not record a tournament card', {
      tournamentId: tournament.id,
      code: added.code,
    });
}

/** The channel's newest tournament; the user is told when there is none (or why not). */
async function channelTournament(turn: Turn, deps: DiscordDeps) {
  const latest = await deps.service.league.chatTournament(channelKey(turn.channelId));
  if (latest.ok || latest.code !== 'tournament-not-found') return turn.present(latest);
  await turn.whisper(turn.t.league.tournament.none);
  return undefined;
}

/** `/tournament leave`: off the channel's sign-up list, or out of its running tournament. */
async function leave(turn: Turn, deps: DiscordDeps): Promise<void> {
  const live = await channelTournament(turn, deps);
  if (live === undefined) return;
  const left = await turn.present(await deps.service.league.leaveTournament(live.id, turn.player));
  if (left !== undefined) await turn.whisper(turn.t.league.tournament.left);
}

/** `/tournament bot [level]`: the bot signs up at a level (the organiser's or a manager's word). */
async function enterBot(turn: Turn, deps: DiscordDeps, options: CommandOptions): Promise<void> {
  const live = await channelTournament(turn, deps);
  if (live === undefined) return;
  const asked = options.getInteger('level') ?? DEFAULT_BOT_LEVEL;
  const level = Math.min(Math.max(asked, 1), BOT_LEVELS);
  const name = turn.chatT.botName(level); // the name the channel's boards show
  const entered = await turn.present(
    await deps.service.league.addBotToTournament(
      live.id,
      turn.player,
      managesServer(turn),
      level,
      name,
    ),
  );
  if (entered !== undefined) await turn.whisper(turn.t.discord.tournamentBotEntered(name));
}

/**
 * A member left a server (or was removed): out of the live tournament of each of its channels
 * that has had one. A channel whose tournament is over is forgotten.
 */
export async function memberLeftServer(
  deps: DiscordDeps,
  guildId: string,
  user: { readonly id: string; readonly bot?: boolean },
): Promise<void> {
  if (user.bot === true) return;
  const player: PlayerId = { platform: 'discord', userId: user.id };
  for (const channelId of await deps.channels.tournamentChannels(guildId)) {
    const latest = await deps.service.league.chatTournament(channelKey(channelId));
    if (latest.ok && (latest.value.status === 'finished' || latest.value.status === 'cancelled')) {
      await deps.channels.removeTournamentChannel(guildId, channelId);
      continue;
    }
    await deps.publish(
      await deps.service.league.memberLeftChat({ platform: 'discord', chatId: channelId }, player),
    );
  }
}
