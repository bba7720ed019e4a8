/**
 * A real browser for the board page's tests: Debian's Chromium (`apt-get install chromium`;
 * .ci/run installs it), driven by playwright-core, whose own browser download cannot work here.
 * Telegram's telegram-web-app.js cannot be fetched either: `telegramStandIn` serves a faithful
 * stand-in at its URL — the WebApp object with initData signed by the test's bot token, the
 * theme, the main button, showConfirm — and records what the page asked of it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run installs it), or set CHROMIUM_PATH`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--disable-lcd-text'],
  });
}

/** Telegram's dark theme (a phone's), as themeParams arrive. */
export const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};
export const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};

export interface StandInOptions {
  readonly initData: string;
  readonly colorScheme?: 'light' | 'dark';
  readonly themeParams?: Readonly<Record<string, string>>;
  /** What showConfirm answers (the user taps OK); default true. */
  readonly confirm?: boolean;
}

/** The stand-in's script: window.Telegram.WebApp as Telegram's own script makes it. */
export function telegramStandInScript(options: StandInOptions): string {
  const params = new URLSearchParams(options.initData);
  const unsafe: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (key === 'hash' || key === 'signature') continue;
    unsafe[key] = key === 'user' ? (JSON.parse(value) as unknown) : value;
  }
  const config = {
    initData: options.initData,
    initDataUnsafe: unsafe,
    colorScheme: options.colorScheme ?? 'light',
    themeParams: options.themeParams ?? LIGHT_THEME,
    confirm: options.confirm ?? true,
  };
  return `(() => {
  const config = ${JSON.stringify(config)};
  const calls = [];
  const handlers = {};
  const button = (name) => ({
    text: '', isVisible: false, isActive: true,
    setText(text) { this.text = text; calls.push([name + '.setText', text]); return this; },
    show() { this.isVisible = true; calls.push([name + '.show']); return this; },
    hide() { this.isVisible = false; calls.push([name + '.hide']); return this; },
    enable() { this.isActive = true; return this; },
    disable() { this.isActive = false; return this; },
    onClick(fn) { (handlers[name] ||= []).push(fn); return this; },
    offClick(fn) { handlers[name] = (handlers[name] || []).filter((f) => f !== fn); return this; },
    setParams() { return this; },
  });
  window.__telegram = { calls, handlers };
  window.Telegram = { WebApp: {
    initData: config.initData,
    initDataUnsafe: config.initDataUnsafe,
    version: '8.0', platform: 'android',
    colorScheme: config.colorScheme,
    themeParams: config.themeParams,
    isExpanded: false, viewportHeight: window.innerHeight, viewportStableHeight: window.innerHeight,
    MainButton: button('MainButton'),
    BackButton: button('BackButton'),
    HapticFeedback: {
      impactOccurred(style) { calls.push(['impactOccurred', style]); },
      notificationOccurred(kind) { calls.push(['notificationOccurred', kind]); },
      selectionChanged() { calls.push(['selectionChanged']); },
    },
    ready() { calls.push(['ready']); },
    expand() { this.isExpanded = true; calls.push(['expand']); },
    close() { calls.push(['close']); },
    onEvent(name, fn) { (handlers[name] ||= []).push(fn); },
    offEvent(name, fn) { handlers[name] = (handlers[name] || []).filter((f) => f !== fn); },
    showConfirm(message, callback) {
      calls.push(['showConfirm', message]);
      setTimeout(() => callback && callback(config.confirm), 0);
    },
    showAlert(message, callback) { calls.push(['showAlert', message]); setTimeout(() => callback && callback(), 0); },
  } };
})();`;
}

/**
 * Serves the stand-in at Telegram's script URL in this context, and answers any other request
 * to an outside host with an error (nothing leaves the machine); returns the outside URLs asked for.
 */
export async function serveTelegramStandIn(
  context: BrowserContext,
  options: StandInOptions | undefined,
): Promise<string[]> {
  const outside: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    async (route) => {
      const url = route.request().url();
      outside.push(url);
      if (url === TELEGRAM_SCRIPT && options !== undefined)
        await route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: telegramStandInScript(options),
        });
      else await route.abort();
    },
  );
  return outside;
}

/** The page's URL as Telegram opens a Mini App: initData and the theme in the hash. */
export function miniAppUrl(page: string, options: StandInOptions): string {
  const hash = new URLSearchParams({
    tgWebAppData: options.initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(options.themeParams ?? LIGHT_THEME),
  });
  return `${page}#${hash.toString()}`;
}
