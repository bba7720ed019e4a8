/**
 * What the league's events show in a chat, the same on every platform: the sign-up cards kept
 * up to date (closed, with the pairings' first round or a cancellation), each round's pairings
 * (from round 2 after the standings so far; the round's players pinged), withdrawals, the final
 * standings and the winner (pinged), and a rated game's new ratings under its board. Each
 * event's posts in a chat go one after another, after the chat's announcements before them
 * (ChatOrder): a round's pairings come after the last result and before the round's boards.
 */
import type { ChatView, Game, Player } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import { playsIn, standingsOf } from '../../game/tournament-rules.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages, Platform } from '../../i18n/index.js';
import type { BackgroundTasks } from '../tasks/background-tasks.js';
import type { PlayerNames } from '../words/board-caption.js';
import { ratedText } from '../words/league-text.js';
import { roundText, tournamentCard, winnerText } from '../words/tournament-text.js';
import { gameLanguageHint } from './chat-settings.js';
import type { ChatOrder } from './chat-order.js';
import type { LeagueShows } from './league-events.js';
import { liveViews } from './presented-games.js';

/** How a platform shows the league's posts (each never rejects: a failure is its to report). */
export interface LeagueSurface {
  readonly platform: Platform;
  readonly names: PlayerNames;
  messages(chatId: string, fallback?: string): Promise<Messages>;
  /** Shows a sign-up card: the open card (with its buttons while sign-up is open), or `closed`. */
  showCard(view: ChatView, tournament: Tournament, t: Messages, closed?: string): void;
  /** Posts a text (the catalogue's HTML) in a chat, pinging `pings` where the platform can. */
  post(chatId: string, text: string, pings?: readonly Player[]): Promise<unknown>;
  /** Posts a tournament's standings picture (a text before any round is over). */
  postStandings(tournament: Tournament, chatId: string, t: Messages): Promise<unknown>;
  /** Posts a text under a game's board message. */
  postUnder(view: ChatView, text: string): Promise<unknown>;
}

export class LeagueAnnouncements implements LeagueShows {
  constructor(
    private readonly surface: LeagueSurface,
    private readonly order: ChatOrder,
    private readonly tasks: BackgroundTasks,
  ) {}

  /** The sign-up changed: every card here shows it; `closed` replaces a card that is closed. */
  async updateCards(tournament: Tournament, closed?: (t: Messages) => string): Promise<void> {
    const { surface } = this;
    for (const view of tournament.views) {
      if (view.platform !== surface.platform) continue;
      const t = await surface.messages(view.chatId, tournament.organiser.language);
      surface.showCard(view, tournament, t, closed?.(t));
    }
  }

  /** The organiser called it off: every card says so, without buttons. */
  cancelled(tournament: Tournament): Promise<void> {
    const by = this.surface.names.name(tournament.organiser);
    return this.updateCards(tournament, (t) => t.league.tournament.cancelled(by));
  }

  /** A round was paired: the card closes (round 1) or the standings so far; then the pairings. */
  async roundPaired(tournament: Tournament, round: number): Promise<void> {
    const chat = await this.chatOf(tournament);
    if (chat === undefined) return;
    const { chatId, t } = chat;
    const { surface } = this;
    if (round === 1)
      await this.updateCards(tournament, (words) =>
        tournamentCard(tournament, words, surface.names),
      );
    const playing = tournament.entrants
      .filter((entrant) => playsIn(entrant, round))
      .map((entrant) => entrant.player);
    this.inOrder(chatId, async () => {
      if (round > 1) await surface.postStandings(tournament, chatId, t);
      await surface.post(chatId, roundText(tournament, round, t, surface.names), playing);
    });
  }

  async withdrawal(tournament: Tournament, entrant: number): Promise<void> {
    const chat = await this.chatOf(tournament);
    const out = tournament.entrants[entrant];
    if (chat === undefined || out === undefined) return;
    const { chatId, t } = chat;
    const text = t.league.tournament.withdrawn(
      this.surface.names.name(out.player),
      out.outWhy ?? 'withdrew',
    );
    this.inOrder(chatId, () => this.surface.post(chatId, text));
  }

  /** The end: the final standings picture, then the winner (pinged). */
  async finished(tournament: Tournament): Promise<void> {
    const chat = await this.chatOf(tournament);
    if (chat === undefined) return;
    const { chatId, t } = chat;
    const { surface } = this;
    const winners = standingsOf(tournament)
      .filter((row) => row.rank === 1)
      .map((row) => tournament.entrants[row.index]!.player);
    this.inOrder(chatId, async () => {
      await surface.postStandings(tournament, chatId, t);
      await surface.post(chatId, winnerText(tournament, t, surface.names), winners);
    });
  }

  /** A rated game's new ratings, under its board in each chat here. */
  async rated(game: Game, ratings: readonly PlayerRating[]): Promise<void> {
    const { surface } = this;
    for (const view of liveViews(game.views, surface.platform)) {
      const hint = gameLanguageHint(game, { platform: surface.platform, userId: view.chatId });
      const t = await surface.messages(view.chatId, hint);
      const text = ratedText(game, ratings, t, surface.names);
      this.inOrder(view.chatId, () => surface.postUnder(view, text));
    }
  }

  /** The chat of a tournament of this platform, in its language (others show it themselves). */
  private async chatOf(
    tournament: Tournament,
  ): Promise<{ chatId: string; t: Messages } | undefined> {
    if (tournament.chat.platform !== this.surface.platform) return undefined;
    const { chatId } = tournament.chat;
    return { chatId, t: await this.surface.messages(chatId, tournament.organiser.language) };
  }

  /** Delivers posts after the chat's announcements before them, in the background. */
  private inOrder(chatId: string, deliver: () => Promise<unknown>): void {
    this.tasks.track(this.order.next(chatId, deliver));
  }
}
