/**
 * The board page's entry: finds out who is looking (Telegram, a Discord link's ticket, or
 * nobody: read-only), loads the game, draws it and follows it live. A failure on the way ends
 * in a full-page message in the user's language.
 */
import { Announcer } from './announcer.js';
import { Api } from './api.js';
import { apiRoot } from './api-root.js';
import { App, type Elements } from './app.js';
import { showFatal } from './fatal.js';
import { follow } from './live.js';
import { PageError } from './page-error.js';
import { signIn } from './session.js';
import { puzzleOfBoard } from '../board-view.js';
import { hashInitData, insideTelegram, loadTelegram, type TelegramWebApp } from './telegram.js';
import { followTelegramTheme } from './theme.js';
import { pageLanguage, wordsFor, type Words } from './words.js';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`index.html has no #${id}`);
  return found as T;
}

/** Puts the page's fixed words in the language chosen. */
function label(words: Words): void {
  document.documentElement.lang = words.language;
  const flip = element<HTMLButtonElement>('flip');
  flip.setAttribute('aria-label', words.flip);
  flip.title = words.flip;
  element('board').setAttribute('aria-label', words.board);
  element('moves-title').textContent = words.moves;
  element('watching').textContent = words.watching;
  element('loading').textContent = words.loading;
}

async function start(): Promise<void> {
  let words = wordsFor(pageLanguage(undefined, navigator.language));
  label(words);
  let telegram: TelegramWebApp | null = null;
  try {
    // Telegram's script and the sign-in at once: the initData is in the URL's hash already.
    const loading = insideTelegram(location.hash) ? loadTelegram() : null;
    const root = apiRoot(location.pathname);
    const signing = signIn(root, new URLSearchParams(location.search), hashInitData(location.hash));
    // Its failure is shown once awaited below, not reported as unhandled meanwhile.
    signing.catch(() => undefined);
    if (loading !== null) {
      telegram = await loading;
      telegram.ready();
      telegram.expand();
      followTelegramTheme(telegram);
    }
    const who = await signing;
    words = wordsFor(pageLanguage(who.language, navigator.language));
    label(words);
    const puzzleId = puzzleOfBoard(who.gameId);
    const puzzle = puzzleId !== undefined;
    const boardId = puzzleId ?? who.gameId;
    const api = new Api(root, who.session, puzzle ? 'puzzles' : 'games');
    const view = who.view ?? (await api.view(boardId));
    const elements: Elements = {
      board: element('board'),
      players: element('players'),
      status: element('status'),
      watching: element('watching'),
      moves: element('moves'),
      routes: element('routes'),
      flip: element('flip'),
      draw: element('draw'),
      resign: element('resign'),
    };
    const announcer = new Announcer(element('announce'), element('message'));
    const app = new App(elements, words, api, boardId, announcer, telegram);
    element('loading').hidden = true;
    element('app').hidden = false;
    app.accept(view);
    // A puzzle is the solver's alone: its board changes only by their moves' answers.
    if (!puzzle)
      follow(
        api.liveUrl(boardId),
        (next) => app.accept(next),
        (connected) => {
          app.connection(connected);
        },
      );
  } catch (error) {
    const code = error instanceof PageError || error instanceof Error ? error.message : 'unknown';
    if (error instanceof PageError) showFatal(words, error.code, error.message);
    else showFatal(words, code === 'telegram-unavailable' ? code : 'unknown', code);
  }
}

void start();
