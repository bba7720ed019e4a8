import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { findEnvFileError, loadEnvFile } from '../../src/startup/env-file.js';

describe('.env', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bashni-env-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function file(text: string): string {
    const path = join(dir, '.env');
    writeFileSync(path, text);
    return path;
  }

  it('sets what the environment does not, and never overrides it', () => {
    const path = file(
      [
        '# a comment',
        '',
        'TELEGRAM_BOT_TOKEN=123:from-file',
        'REDIS_URL = redis://file:6379 ',
        'export AI_THREADS=2 # threads',
        'RETENTION_DAYS=30',
        'EMPTY_IN_ENV=from-file',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { REDIS_URL: 'redis://env:6379', EMPTY_IN_ENV: '' };
    expect(loadEnvFile(path, env).sort()).toEqual([
      'AI_THREADS',
      'RETENTION_DAYS',
      'TELEGRAM_BOT_TOKEN',
    ]);
    expect(env).toEqual({
      TELEGRAM_BOT_TOKEN: '123:from-file',
      REDIS_URL: 'redis://env:6379',
      AI_THREADS: '2',
      RETENTION_DAYS: '30',
      EMPTY_IN_ENV: '',
    });
  });

  it('reads quotes, a BOM and Windows line ends', () => {
    const path = file('\uFEFFA="two words"\r\nB=\'# not a comment\'\r\nC="line\none"\r\nD=4\r\n');
    const env: NodeJS.ProcessEnv = {};
    loadEnvFile(path, env);
    expect(env).toEqual({ A: 'two words', B: '# not a comment', C: 'line\none', D: '4' });
  });

  it('is not needed', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(join(dir, 'missing.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });

  it('a malformed file is a configuration error naming the file and line, not its text', () => {
    const path = file('A=1\nTELEGRAM_BOT_TOKEN 123:secret\nB=2\n');
    const env: NodeJS.ProcessEnv = {};
    expect(() => loadEnvFile(path, env)).toThrow(ConfigError);
    expect(() => loadEnvFile(path, env)).toThrow(`${path}, line 2: expected NAME=value`);
    expect(() => loadEnvFile(path, env)).not.toThrow(/secret/);
    expect(env).toEqual({});
  });

  it('an unreadable file is a configuration error naming it', () => {
    const path = join(dir, 'folder.env');
    mkdirSync(path);
    expect(() => loadEnvFile(path, {})).toThrow(new ConfigError(`cannot read ${path}: EISDIR`));
  });

  it.each([
    ['A=1\nB=2', undefined],
    ['  # indented comment\n\n', undefined],
    ['A="one\ntwo"\nB=3', undefined],
    ['JUNK\nA=1', { line: 1, problem: 'expected NAME=value' }],
    ['A=1\n2A=3', { line: 2, problem: 'expected NAME=value' }],
    ['A=1\nB="open\nC=2', { line: 2, problem: 'the "-quoted value is never closed' }],
  ])('checks every line: %j', (text, error) => {
    expect(findEnvFileError(text)).toEqual(error);
  });
});
