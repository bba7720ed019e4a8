/**
 * Ratings and tournaments on Discord: the messages (the sign-up card and its buttons, the
 * standings picture, /stats with the rating graph, the leaderboards) and how the league's events
 * are shown in a channel.
 */
import { gameLanguageHint } from '../../chat/presenting/chat-settings.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { ChatOrder } from '../../chat/presenting/chat-order.js';
import type { LeagueShows } from '../../chat/presenting/league-events.js';
import {
  leaderboardText,
  ratedText,
  ratingGraph,
  statsText,
} from '../../chat/words/league-text.js';
import {
  noStandingsYet,
  roundText,
  standingsData,
  standingsLegend,
  tournamentCard,
  winnerText,
} from '../../chat/words/tournament-text.js';
import type { Logger } from '../../game/logger.js';
import type { Game, Player } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import { playsIn, standingsOf } from '../../game/tournament-rules.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages } from '../../i18n/index.js';
import { isHarmless } from './api-errors.js';
import type { ChannelOutput, Components, OutgoingMessage } from './channel-output.js';
import { pictureMessage, type BoardPainter } from './game-message.js';
import { liveViews, mentionOf, nameOf, shownName } from './identity.js';
import { markdown } from './markdown.js';
import { BoardSync } from './board-sync.js';
import { button } from './table-cards.js';
import { fitLines, MAX_CONTENT, MAX_DESCRIPTION, splitLines } from './text-fit.js';

/** Names for the catalogue's HTML, which becomes markdown. */
const NAMES = { name: nameOf, mention: mentionOf };

/** The embeds' colour: a trophy's gold. */
const LEAGUE_COLOUR = 0xe3b341;

function embedMessage(html: string, components: Components = []): OutgoingMessage {
  const description = fitLines(markdown(html), MAX_DESCRIPTION);
  return { content: '', embeds: [{ description, color: LEAGUE_COLOUR }], components };
}

/** The sign-up card's buttons: Join and Leave; Start and Cancel (the organiser or a manager). */
export function tournamentButtons(tournament: Tournament, t: Messages): Components {
  const words = t.league.tournament;
  const tournamentId = tournament.id;
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button(words.join, { kind: 'tournament-join', tournamentId }, ButtonStyle.Success),
        button(words.leave, { kind: 'tournament-leave', tournamentId }, ButtonStyle.Secondary),
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        button(words.start, { kind: 'tournament-start', tournamentId }, ButtonStyle.Primary),
        button(words.cancel, { kind: 'tournament-cancel', tournamentId }, ButtonStyle.Danger),
      ],
    },
  ];
}

/** The sign-up card: the event, the players signed up and, while sign-up is open, the buttons. */
export function tournamentCardMessage(tournament: Tournament, t: Messages): OutgoingMessage {
  const open = tournament.status === 'signup';
  return embedMessage(
    tournamentCard(tournament, t, NAMES),
    open ? tournamentButtons(tournament, t) : [],
  );
}

/** The standings picture of a tournament, titled (a text before any round is over). */
export async function standingsMessage(
  tournament: Tournament,
  t: Messages,
  painter: BoardPainter,
): Promise<OutgoingMessage> {
  const notYet = noStandingsYet(tournament, t, NAMES);
  if (notYet !== undefined) return embedMessage(notYet);
  const data = standingsData(tournament, t);
  const image = await painter.paintStandings(data);
  return pictureMessage(
    {
      title: `🏆 ${data.title}`,
      description: [data.subtitle, standingsLegend(tournament, t)].join('\n').trim(),
      color: LEAGUE_COLOUR,
    },
    { name: 'standings.png', data: image },
  );
}

/** /stats: the ratings by variant and the last results, with the graph of the most played one. */
export async function statsMessage(
  player: Player,
  records: readonly PlayerRating[],
  t: Messages,
  painter: BoardPainter,
): Promise<OutgoingMessage> {
  const text = statsText(NAMES.name(player), records, t);
  const graph = records[0] === undefined ? undefined : ratingGraph(records[0], t);
  if (graph === undefined) return embedMessage(text);
  const description = fitLines(markdown(text), MAX_DESCRIPTION);
  return pictureMessage(
    { description, color: LEAGUE_COLOUR },
    { name: 'rating.png', data: await painter.paintRatingGraph(graph) },
  );
}

/** /top: a variant's leaderboard in the channel, then everywhere; names never ping. */
export function leaderboardMessage(
  variantName: string,
  channel: readonly PlayerRating[],
  global: readonly PlayerRating[],
  t: Messages,
): OutgoingMessage {
  // The shared text escapes the names it is given for HTML: they get their platform's mark.
  const shown = (records: readonly PlayerRating[]) =>
    records.map((record) => ({
      ...record,
      player: { ...record.player, displayName: shownName(record.player) },
    }));
  const text = leaderboardText(variantName, shown(channel), shown(global), t);
  return { content: fitLines(markdown(text), MAX_CONTENT) };
}

/** The Discord players among `players`, who may be pinged. */
function pingsOf(players: readonly Player[]): string[] {
  return players
    .filter((player) => player.platform === 'discord' && player.botLevel === undefined)
    .map((player) => player.userId);
}

export interface LeagueCardsDeps {
  readonly out: ChannelOutput;
  readonly tasks: BackgroundTasks;
  readonly painter: BoardPainter;
  readonly logger: Logger;
  readonly order: ChatOrder;
}

/** A channel's language (`fallback`: a platform language code). */
type ChannelLanguage = (channelId: string, fallback?: string) => Promise<{ t: Messages }>;

/**
 * What ratings and tournaments show in Discord channels: the sign-up cards kept up to date,
 * each round's pairings (after the standings picture of the round before), withdrawals, the
 * final standings and the winner, and the new ratings under a rated game's board. A channel's
 * posts of one event are sent one after another, after the channel's announcements before them
 * (ChatOrder), so they read in order there: after the last result, before the round's boards.
 */
export class LeagueCards implements LeagueShows {
  /** Card edits: the newest version of a tournament wins, however events arrive. */
  private readonly cards: BoardSync;

  constructor(
    private readonly deps: LeagueCardsDeps,
    private readonly language: ChannelLanguage,
  ) {
    this.cards = new BoardSync(
      (view, message) => deps.out.edit(view.chatId, view.messageId, message),
      (view, error) => this.report('could not edit a tournament card', error, view),
    );
  }

  /** The sign-up changed: every card shows it; `closedText` replaces a card that is closed. */
  async updateCards(tournament: Tournament, closedText?: (t: Messages) => string): Promise<void> {
    for (const view of tournament.views) {
      if (view.platform !== 'discord') continue;
      const { t } = await this.language(view.chatId, tournament.organiser.language);
      const message =
        closedText === undefined
          ? tournamentCardMessage(tournament, t)
          : embedMessage(closedText(t));
      this.deps.tasks.track(
        this.cards.show(view, tournament.version, () => Promise.resolve(message)),
      );
    }
  }

  /** The tournament was called off: every card says so, without buttons. */
  cancelled(tournament: Tournament): Promise<void> {
    const by = NAMES.name(tournament.organiser);
    return this.updateCards(tournament, (t) => t.league.tournament.cancelled(by));
  }

  /** A round was paired: the card closes (round 1) or the standings so far; then the pairings. */
  async roundPaired(tournament: Tournament, round: number): Promise<void> {
    const channelId = this.channelOf(tournament);
    if (channelId === undefined) return;
    const { t } = await this.language(channelId, tournament.organiser.language);
    if (round === 1)
      await this.updateCards(tournament, (words) => tournamentCard(tournament, words, NAMES));
    const playing = tournament.entrants
      .filter((entrant) => playsIn(entrant, round))
      .map((entrant) => entrant.player);
    this.inOrder(channelId, async () => {
      if (round > 1) await this.postStandings(tournament, channelId, t);
      for (const content of splitLines(
        markdown(roundText(tournament, round, t, NAMES)),
        MAX_CONTENT,
      ))
        await this.post(channelId, { content, pings: pingsOf(playing) });
    });
  }

  async withdrawal(tournament: Tournament, entrant: number): Promise<void> {
    const channelId = this.channelOf(tournament);
    const out = tournament.entrants[entrant];
    if (channelId === undefined || out === undefined) return;
    const { t } = await this.language(channelId, tournament.organiser.language);
    const text = t.league.tournament.withdrawn(NAMES.name(out.player), out.outWhy ?? 'withdrew');
    this.inOrder(channelId, () => this.post(channelId, { content: markdown(text) }));
  }

  /** The end: the final standings picture, then the winner (pinged). */
  async finished(tournament: Tournament): Promise<void> {
    const channelId = this.channelOf(tournament);
    if (channelId === undefined) return;
    const { t } = await this.language(channelId, tournament.organiser.language);
    const winners = standingsOf(tournament)
      .filter((row) => row.rank === 1)
      .map((row) => tournament.entrants[row.index]!.player);
    const content = fitLines(markdown(winnerText(tournament, t, NAMES)), MAX_CONTENT);
    this.inOrder(channelId, async () => {
      await this.postStandings(tournament, channelId, t);
      await this.post(channelId, { content, pings: pingsOf(winners) });
    });
  }

  /** A rated game's new ratings, answering its game message in each channel. */
  async rated(game: Game, ratings: readonly PlayerRating[]): Promise<void> {
    for (const view of liveViews(game.views)) {
      const { t } = await this.language(view.chatId, gameLanguageHint(game));
      const content = markdown(ratedText(game, ratings, t, NAMES));
      this.inOrder(view.chatId, () => this.post(view.chatId, { content, replyTo: view.messageId }));
    }
  }

  private async postStandings(tournament: Tournament, channelId: string, t: Messages) {
    await this.post(channelId, await standingsMessage(tournament, t, this.deps.painter));
  }

  /** Delivers posts after the channel's announcements before them, in the background. */
  private inOrder(channelId: string, deliver: () => Promise<void>): void {
    this.deps.tasks.track(this.deps.order.next(channelId, deliver));
  }

  /** The channel of a Discord tournament (others are shown by their own platform). */
  private channelOf(tournament: Tournament): string | undefined {
    return tournament.chat.platform === 'discord' ? tournament.chat.chatId : undefined;
  }

  /** Posts a message; a failure is reported, and the next posts go on. */
  private async post(channelId: string, message: OutgoingMessage): Promise<void> {
    try {
      await this.deps.out.post(channelId, { pings: [], ...message });
    } catch (error) {
      this.report('could not post a league message', error, { channelId });
    }
  }

  private report(what: string, error: unknown, context: object): void {
    if (isHarmless(error)) return;
    this.deps.logger.warn(`discord: ${what}`, { ...context, err: error });
  }
}
