import { describe, expect, it } from 'vitest';
import { chooseRunMode, parseStartArguments } from '../../src/startup/arguments.js';

describe('npm start arguments', () => {
  it('reads --wait and --console', () => {
    expect(parseStartArguments([])).toEqual({ ok: true, value: { wait: false, console: false } });
    expect(parseStartArguments(['--wait'])).toEqual({
      ok: true,
      value: { wait: true, console: false },
    });
    expect(parseStartArguments(['--console', '--wait'])).toEqual({
      ok: true,
      value: { wait: true, console: true },
    });
  });

  it.each([['--colour'], ['--wait', 'now'], ['-w'], ['--wait=1']])(
    'refuses %j in one line',
    (...args) => {
      const parsed = parseStartArguments(args);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.message).toMatch(/^unknown argument "[^"]+": npm start takes --wait/);
        expect(parsed.error.message).not.toContain('\n');
      }
    },
  );
});

describe('what npm start runs', () => {
  it.each([
    [{ hasToken: true, console: false, stdinIsTerminal: false }, 'bots'],
    [{ hasToken: true, console: false, stdinIsTerminal: true }, 'bots'],
    [{ hasToken: true, console: true, stdinIsTerminal: false }, 'console'],
    [{ hasToken: false, console: false, stdinIsTerminal: true }, 'console'],
    [{ hasToken: false, console: true, stdinIsTerminal: false }, 'console'],
    [{ hasToken: false, console: false, stdinIsTerminal: false }, 'nothing'],
  ] as const)('%j: %s', (input, mode) => {
    expect(chooseRunMode(input)).toBe(mode);
  });
});
