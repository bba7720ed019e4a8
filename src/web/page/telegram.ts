/**
 * Telegram's Mini App side: whether the page runs inside Telegram (the URL's hash then carries
 * `tgWebAppData`), and loading Telegram's script only then, so that a browser opened from
 * Discord never contacts telegram.org.
 */

const SCRIPT = 'https://telegram.org/js/telegram-web-app.js';
/** A phone on a slow network may take a while; after this the page says Telegram did not answer. */
const LOAD_TIMEOUT = 15_000;

/** The part of Telegram.WebApp the page uses. */
export interface TelegramWebApp {
  readonly initData: string;
  readonly initDataUnsafe: { readonly start_param?: string };
  readonly colorScheme?: 'light' | 'dark';
  readonly themeParams?: Readonly<Record<string, string | undefined>>;
  ready(): void;
  expand(): void;
  showConfirm?(message: string, callback: (confirmed: boolean) => void): void;
  onEvent?(event: 'themeChanged', handler: () => void): void;
  readonly HapticFeedback?: {
    selectionChanged(): void;
    notificationOccurred(kind: 'error' | 'success' | 'warning'): void;
  };
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

/**
 * The initData Telegram put in the URL's hash (as its script reads it): the page signs in with
 * it at once, while Telegram's script is still loading.
 */
export function hashInitData(hash: string): string | undefined {
  const data = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return data === null || data === '' ? undefined : data;
}

/** Whether the page was opened by Telegram as a Mini App. */
export function insideTelegram(hash: string): boolean {
  return /(?:^#|&)tgWebAppData=/.test(hash);
}

/** Loads Telegram's script and answers its WebApp object; rejects if it does not come. */
export function loadTelegram(): Promise<TelegramWebApp> {
  return new Promise((resolve, reject) => {
    const present = window.Telegram?.WebApp;
    if (present !== undefined) {
      resolve(present);
      return;
    }
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('telegram-unavailable')), LOAD_TIMEOUT);
    script.onload = () => {
      clearTimeout(timer);
      const app = window.Telegram?.WebApp;
      if (app === undefined) reject(new Error('telegram-unavailable'));
      else resolve(app);
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('telegram-unavailable'));
    };
    document.head.append(script);
  });
}
