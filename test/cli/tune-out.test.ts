import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'bashni-tune-out-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A tune run that would take an hour: any refusal must come before it starts. */
const LONG = ['--iterations', '1000000', '--nodes', '1000000'];

describe('tune --out', () => {
  it('refuses a directory that does not exist before the run', () => {
    const out = join(directory, 'missing', 'weights.json');
    const { code, stdout, stderr } = runCli('tune', ...LONG, '--out', out);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `error: --out ${out}: there is no directory ${join(directory, 'missing')}\n`,
    );
  });

  it('refuses a directory given as the file', () => {
    const { code, stderr } = runCli('tune', ...LONG, '--out', directory);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: --out ${directory} is a directory; give a file name\n`);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a file it may not write', () => {
    const out = join(directory, 'read-only.json');
    writeFileSync(out, '');
    chmodSync(out, 0o444);
    const { code, stderr } = runCli('tune', ...LONG, '--out', out);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: --out ${out} cannot be written (no permission)\n`);
  });

  it('says where it wrote the weights', () => {
    const out = join(directory, 'weights.json');
    const { code, stdout } = runCli(
      'tune',
      ...['--iterations', '1', '--pairs', '1', '--nodes', '50', '--out', out],
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe(`wrote ${out}`);
    expect(lines.at(-2)).toBe(`result: ${readFileSync(out, 'utf8').trim()}`);
  });
});
