/**
 * Who is looking, and at which game (the fixed contract with the server): inside Telegram the
 * signed initData is exchanged for a session; from Discord the link's ticket (`?t=`) is; with
 * neither, `?game=` opens the board read-only. A refused sign-in ends the page with a message
 * in the user's language.
 */
import { PageError } from './page-error.js';
import type { Language } from './words.js';
import { PUZZLE_BOARD_PREFIX, type BoardView } from '../board-view.js';

/** The server's answer to POST /api/session. */
interface SessionAnswer {
  readonly session: string;
  readonly user: { readonly platform: string; readonly userId: string; readonly name: string };
  readonly language?: Language;
  readonly gameId?: string;
  /** The game's view, when the session named one. */
  readonly view?: BoardView;
}

/** Who the page is for and which game it shows. */
export interface Who {
  /** The session token, or null when watching without signing in. */
  readonly session: string | null;
  readonly gameId: string;
  readonly language?: Language;
  readonly name?: string;
  /** The game's view as the session's answer brought it (none when watching). */
  readonly view?: BoardView;
}

declare global {
  interface Window {
    /** The sign-in boot.ts started before the page's script arrived, if it did. */
    __bashniSignIn?: Promise<Response>;
  }
}

/** The board the URL names: `?game=<id>`, or `?puzzle=<id>` as `p_<id>`. */
function boardOf(search: URLSearchParams): string | undefined {
  const game = search.get('game');
  if (game !== null && game !== '') return game;
  const puzzle = search.get('puzzle');
  return puzzle === null || puzzle === '' ? undefined : `${PUZZLE_BOARD_PREFIX}${puzzle}`;
}

/** What POST /api/session is sent for this page, or undefined when it opens read-only. */
export function sessionRequest(
  search: URLSearchParams,
  initData: string | undefined,
): { readonly initData: string } | { readonly ticket: string } | undefined {
  const ticket = search.get('t');
  const urlGame = boardOf(search);
  const game = urlGame === undefined ? {} : { gameId: urlGame };
  if (initData !== undefined) return { initData, ...game };
  if (ticket !== null && ticket !== '') return { ticket, ...game };
  return undefined;
}

/** Sends the sign-in (or takes the one boot.ts sent already). */
export function postSession(root: string, body: object): Promise<Response> {
  return fetch(`${root}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function exchange(root: string, body: object): Promise<SessionAnswer> {
  let response: Response;
  try {
    const early = window.__bashniSignIn;
    window.__bashniSignIn = undefined;
    response = await (early ?? postSession(root, body));
  } catch {
    throw new PageError('offline');
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<SessionAnswer> & {
    error?: string;
    message?: string;
  };
  if (!response.ok || typeof answer.session !== 'string') {
    throw new PageError(answer.error ?? `http-${response.status}`, answer.message);
  }
  return answer as SessionAnswer;
}

function language(answer: SessionAnswer): Language | undefined {
  return answer.language === 'ru' || answer.language === 'en' ? answer.language : undefined;
}

/**
 * Signs in as the page's URL says (Telegram's initData from its hash, or a link's ticket) and
 * names the game: the Mini App's start parameter, the URL's `?game=`, or the ticket's.
 */
export async function signIn(
  root: string,
  search: URLSearchParams,
  initData: string | undefined,
): Promise<Who> {
  const urlGame = boardOf(search);
  const proof = sessionRequest(search, initData);
  if (proof !== undefined) {
    const answer = await exchange(root, {
      ...proof,
      ...(urlGame === undefined ? {} : { gameId: urlGame }),
    });
    const gameId = answer.gameId ?? urlGame;
    if (gameId === undefined || gameId === '') throw new PageError('no-game');
    return {
      session: answer.session,
      gameId,
      language: language(answer),
      name: answer.user.name,
      ...(answer.view === undefined ? {} : { view: answer.view }),
    };
  }
  if (urlGame === undefined || urlGame === '') throw new PageError('no-game');
  return { session: null, gameId: urlGame };
}
