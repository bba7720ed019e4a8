/**
 * Invite codes: how a player on any platform names an open challenge (`/join ABC234`). Six
 * characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code read aloud or
 * copied by hand survives.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 6;

const VALID = new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** Cyrillic letters that look like Latin ones, as a Russian keyboard types them. */
const CYRILLIC_LOOKALIKES: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
};

/** A new code drawn with `random` (a function like Math.random). */
export function drawInviteCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    const index = Math.min(
      INVITE_CODE_ALPHABET.length - 1,
      Math.floor(random() * INVITE_CODE_ALPHABET.length),
    );
    code += INVITE_CODE_ALPHABET[index];
  }
  return code;
}

/**
 * A code as typed, in its stored form: trimmed, upper-case, without spaces and dashes, Cyrillic
 * look-alikes read as Latin; undefined when it cannot be a code.
 */
export function normalizeInviteCode(text: string): string | undefined {
  const code = [
    ...text
      .trim()
      .toUpperCase()
      .replace(/[\s\-‐-―]/g, ''),
  ]
    .map((char) => CYRILLIC_LOOKALIKES[char] ?? char)
    .join('');
  return VALID.test(code) ? code : undefined;
}
