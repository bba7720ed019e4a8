/**
 * The page's first script, inline at the top of its head: the system's light or dark mode (before
 * anything is drawn), and the sign-in, sent at once while the rest of the page (its big script)
 * is still arriving — on a slow network that is a round trip less before the board. main.ts
 * takes the answer (session.ts).
 */
import { apiRoot } from './api-root.js';
import { postSession, sessionRequest } from './session.js';
import { hashInitData } from './telegram.js';
import { followSystemTheme } from './theme.js';

followSystemTheme();

const body = sessionRequest(new URLSearchParams(location.search), hashInitData(location.hash));
if (body !== undefined) {
  window.__bashniSignIn = postSession(apiRoot(location.pathname), body);
  // A failure is read (and shown) by main.ts; it is not an unhandled rejection meanwhile.
  window.__bashniSignIn.catch(() => undefined);
}
