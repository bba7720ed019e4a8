/**
 * The page's colours follow Telegram's theme inside Telegram (its themeParams become CSS custom
 * properties, its colour scheme the root's data-theme), and the system's light or dark mode
 * elsewhere (the same data-theme, from prefers-color-scheme).
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
    if (app.colorScheme !== undefined) {
      root.dataset.theme = app.colorScheme;
      root.dataset.themeFrom = 'telegram';
    }
  };
  apply();
  app.onEvent?.('themeChanged', apply);
}

/**
 * The system's light or dark mode as the root's data-theme, now and as it changes, until
 * Telegram's own scheme takes over (followTelegramTheme). Run first thing (boot.ts), so the page
 * never shows the wrong colours.
 */
export function followSystemTheme(): void {
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const root = document.documentElement;
    if (root.dataset.themeFrom === 'telegram') return;
    root.dataset.theme = dark.matches ? 'dark' : 'light';
  };
  apply();
  dark.addEventListener('change', apply);
}
