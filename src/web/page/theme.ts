/**
 * The page's colours follow Telegram's theme inside Telegram (its themeParams become CSS custom
 * properties, its colour scheme the root's data-theme), and the system's light or dark mode
 * elsewhere (board.css's prefers-color-scheme).
 */
import type { TelegramWebApp } from './telegram.js';

/** Telegram's theme parameters the page's styles use, and the properties they set. */
const PARAMS: Readonly<Record<string, string>> = {
  bg_color: '--bg',
  text_color: '--text',
  hint_color: '--hint',
  button_color: '--button',
  button_text_color: '--button-text',
  secondary_bg_color: '--secondary-bg',
};

/** Applies Telegram's theme now and whenever the user changes it. */
export function followTelegramTheme(app: TelegramWebApp): void {
  const apply = () => {
    const root = document.documentElement;
    for (const [param, property] of Object.entries(PARAMS)) {
      const value = app.themeParams?.[param];
      if (value !== undefined && value !== '') root.style.setProperty(property, value);
    }
    if (app.colorScheme !== undefined) root.dataset.theme = app.colorScheme;
  };
  apply();
  app.onEvent?.('themeChanged', apply);
}
