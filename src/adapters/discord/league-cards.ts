/**
 * Ratings and tournaments on Discord: the messages (the sign-up card and its buttons, the
 * standings picture, /stats with the rating graph, the leaderboards) and how the league's events
 * are shown in a channel.
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { LeagueSurface } from '../../chat/presenting/league-announcements.js';
import { leaderboardText, ratingGraph, statsText } from '../../chat/words/league-text.js';
import {
  noStandingsYet,
  standingsData,
  standingsLegend,
  tournamentCard,
} from '../../chat/words/tournament-text.js';
import type { Logger } from '../../game/logger.js';
import type { ChatView, Player } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages } from '../../i18n/index.js';
import { isHarmless } from './api-errors.js';
import type { ChannelOutput, Components, OutgoingMessage } from './channel-output.js';
import { pictureMessage, type BoardPainter } from './game-message.js';
import { mentionOf, nameOf, shownName } from './identity.js';
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
  readonly painter: BoardPainter;
  readonly logger: Logger;
  readonly tasks: BackgroundTasks;
}

/** A channel's language (`fallback`: a platform language code). */
type ChannelLanguage = (channelId: string, fallback?: string) => Promise<{ t: Messages }>;

/**
 * How ratings and tournaments look in Discord channels (what they show, and when, is the chat
 * core's: LeagueAnnouncements): the sign-up card, an embed edited in place (the newest version
 * wins, however events arrive); posts that ping only the players they list; the standings
 * picture; the ratings in reply to a game's message.
 */
export class LeagueCards implements LeagueSurface {
  readonly platform = 'discord' as const;
  readonly names = NAMES;
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

  async messages(channelId: string, fallback?: string): Promise<Messages> {
    return (await this.language(channelId, fallback)).t;
  }

  showCard(view: ChatView, tournament: Tournament, t: Messages, closed?: string): void {
    const message =
      closed === undefined ? tournamentCardMessage(tournament, t) : embedMessage(closed);
    this.deps.tasks.track(
      this.cards.show(view, tournament.version, () => Promise.resolve(message)),
    );
  }

  /** Posts a text, in as many messages as it takes. */
  async post(channelId: string, text: string, pings: readonly Player[] = []): Promise<void> {
    for (const content of splitLines(markdown(text), MAX_CONTENT))
      await this.send(channelId, { content, pings: pingsOf(pings) });
  }

  async postStandings(tournament: Tournament, channelId: string, t: Messages): Promise<void> {
    await this.send(channelId, await standingsMessage(tournament, t, this.deps.painter));
  }

  async postUnder(view: ChatView, text: string): Promise<void> {
    await this.send(view.chatId, { content: markdown(text), replyTo: view.messageId });
  }

  /** Posts a message; a failure is reported, and the next posts go on. */
  private async send(channelId: string, message: OutgoingMessage): Promise<void> {
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
