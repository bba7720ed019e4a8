/**
 * A game's animation as every chat adapter asks for it: what the renderer is given (the start,
 * the moves, the frame texts in the chat's language) and what the message says.
 */
import type { ReplayPicture } from '../../render/index.js';
import { resultText } from '../words/board-caption.js';
import type { PlayerNames } from '../words/player-label.js';
import { twoPlayerVariant } from '../../game/game-rules.js';
import {
  GAME_VARIANT_IDS,
  sideOf,
  type ChatView,
  type Game,
  type PlayerId,
} from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';
import type { Messages } from '../../i18n/index.js';
import type { Refusal } from '../../game/results.js';
import type { GameService } from '../../game/service.js';

/**
 * The longest game animated: the renderer's MAX_REPLAY_PLIES (test/chat/replay.test.ts checks
 * that they agree; chat/ may not import the renderer).
 */
export const MAX_ANIMATED_PLIES = 400;

/** What the renderer's `replay` picture takes (its ReplayPicture). */
export type ReplayData = ReplayPicture;

/** Why a game has no animation. */
export type NoReplay = 'table-game' | 'too-long';

/**
 * The animation of a game in a language: the players on every frame, the result on the last
 * one once the game is over. Names are drawn, not formatted: plain display names.
 */
export function replayData(game: Game, t: Messages): ReplayData | NoReplay {
  if (!rulesOf(game.variant).replayed) return 'table-game';
  if (game.moves.length > MAX_ANIMATED_PLIES) return 'too-long';
  const variant = twoPlayerVariant(game);
  const plain: PlayerNames = { name: (p) => p.displayName, mention: (p) => p.displayName };
  return {
    variant,
    startFen: game.startFen,
    moves: game.moves,
    title: t.replay.frameTitle(game.white.displayName, game.black.displayName),
    ...(game.result === undefined ? {} : { finalTitle: resultText(game, game.result, t, plain) }),
    startText: t.replay.startText,
    plyWord: t.replay.plyWord,
  };
}

/** The animation message's text: the players, the variant and the result (or "goes on"). */
export function replayCaption(game: Game, t: Messages, names: PlayerNames): string {
  const players = `${names.name(game.white)} — ${names.name(game.black)}`;
  const result = game.result === undefined ? undefined : resultText(game, game.result, t, names);
  return t.replay.caption(players, t.variant(game.variant), result);
}

/** What a chat says when a game has no animation. */
export function noReplayText(t: Messages, why: NoReplay, game: Game): string {
  return why === 'table-game'
    ? t.replay.tableGame
    : t.replay.tooLong(game.moves.length, MAX_ANIMATED_PLIES);
}

/** A game file's variant prefix (see gameFileStem), the longest ids first (`bashni-double-2-`). */
const FILE_PREFIX = new RegExp(
  `^(${[...GAME_VARIANT_IDS].sort((a, b) => b.length - a.length).join('|')})-`,
  'i',
);

/**
 * The game id in /replay's argument: an id as it stands, or a game file's name
 * (`laska-<id>.pdn`, see gameFileStem). Undefined for an empty argument or one that cannot be
 * an id.
 */
export function replayGameId(argument: string): string | undefined {
  const word = argument.trim();
  if (word === '') return undefined;
  const id = word.replace(FILE_PREFIX, '').replace(/\.(pdn|gif)$/i, '');
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

/**
 * Whether a chat may see a game named by its id: one of its players asks, or the game was
 * shown in that chat. A game of strangers elsewhere is answered as "not found".
 */
export function mayReplayHere(
  game: Game,
  here: Pick<ChatView, 'platform' | 'chatId'>,
  asker: PlayerId,
): boolean {
  return (
    sideOf(game, asker) !== undefined ||
    game.views.some((view) => view.platform === here.platform && view.chatId === here.chatId)
  );
}

/**
 * The game `/replay <typed>` names, if this chat may see it; else why not: the store's refusal,
 * or 'not-found' (no such game, one of strangers shown elsewhere, or no asker).
 */
export async function namedReplayGame(
  queries: Pick<GameService['queries'], 'getGame'>,
  typed: string,
  here: Pick<ChatView, 'platform' | 'chatId'>,
  asker: PlayerId | undefined,
): Promise<Game | Refusal | 'not-found'> {
  const id = replayGameId(typed);
  const found = id === undefined ? undefined : await queries.getGame(id);
  if (found !== undefined && !found.ok && found.code !== 'not-found') return found;
  if (found === undefined || !found.ok || asker === undefined) return 'not-found';
  return mayReplayHere(found.value, here, asker) ? found.value : 'not-found';
}
