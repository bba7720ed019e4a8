/**
 * Asking before an action that cannot be undone (resigning): Telegram's own confirmation inside
 * Telegram, elsewhere an in-page dialog (`#confirm-yes`, `#confirm-no`; Escape says no).
 */
import type { TelegramWebApp } from './telegram.js';

/** Answers whether the user confirmed `question`; `yes` labels the confirming button. */
export function confirmAction(
  question: string,
  yes: string,
  no: string,
  telegram: TelegramWebApp | null,
): Promise<boolean> {
  if (telegram?.showConfirm !== undefined) {
    return new Promise((resolve) => telegram.showConfirm?.(question, resolve));
  }
  return new Promise((resolve) => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const backdrop = document.createElement('div');
    backdrop.className = 'backdrop';
    const dialog = document.createElement('div');
    dialog.id = 'confirm';
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-modal', 'true');
    const text = document.createElement('p');
    text.id = 'confirm-text';
    text.textContent = question;
    dialog.setAttribute('aria-labelledby', text.id);
    const yesButton = document.createElement('button');
    yesButton.id = 'confirm-yes';
    yesButton.className = 'danger';
    yesButton.textContent = yes;
    const noButton = document.createElement('button');
    noButton.id = 'confirm-no';
    noButton.textContent = no;
    const buttons = document.createElement('div');
    buttons.className = 'buttons';
    buttons.append(noButton, yesButton);
    dialog.append(text, buttons);
    backdrop.append(dialog);
    const close = (answer: boolean) => {
      backdrop.remove();
      before?.focus();
      resolve(answer);
    };
    yesButton.addEventListener('click', () => close(true));
    noButton.addEventListener('click', () => close(false));
    backdrop.addEventListener('click', (event) => {
      if (event.target === backdrop) close(false);
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close(false);
      // Two buttons: Tab stays between them.
      if (event.key === 'Tab') {
        event.preventDefault();
        (document.activeElement === yesButton ? noButton : yesButton).focus();
      }
    });
    document.body.append(backdrop);
    noButton.focus();
  });
}
