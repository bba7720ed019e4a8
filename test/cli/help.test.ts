import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandHelp } from '../../src/cli/help.js';
import { runCli } from '../support/run-cli.js';

describe('cli help', () => {
  it('help lists every command, and says how to get one command’s help', () => {
    const { code, stdout } = runCli('help');
    expect(code).toBe(0);
    for (const name of COMMAND_NAMES) expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(stdout).toContain('help <command> or <command> --help');
  });

  it.each(COMMAND_NAMES)('%s --help and help <command> print its usage and options', (name) => {
    const help = commandHelp(name)!;
    expect(help).toMatch(new RegExp(`^usage: npm run cli -- ${name}`));
    expect(help).toMatch(/^ {2}--/m);
    expect(runCli(name, '--help')).toEqual({ code: 0, stdout: help + '\n', stderr: '' });
    expect(runCli('help', name).stdout).toBe(help + '\n');
  });

  it('-h among other options, and after a sub-command, still means help', () => {
    expect(runCli('perft', '--depth', '3', '-h').stdout).toBe(commandHelp('perft') + '\n');
    expect(runCli('puzzles', 'generate', '--help').stdout).toBe(commandHelp('puzzles') + '\n');
  });

  it('every option a command accepts is in its help', () => {
    // The options each command's parser takes, as its error for an unknown one would list.
    const accepted: Record<string, string[]> = {
      perft: ['--depth', '--variant', '--fen', '--divide'],
      moves: ['--variant', '--fen'],
      replay: ['--variant', '--fen'],
      best: ['--variant', '--fen', '--ms', '--depth', '--level'],
      match: ['--a', '--b', '--games', '--ms', '--variant', '--threads', '--seed', '--a-weights'],
      tune: ['--method', '--iterations', '--pairs', '--passes', '--games', '--nodes', '--out'],
    };
    for (const [name, options] of Object.entries(accepted)) {
      for (const option of options) expect(commandHelp(name)).toContain(option);
    }
    // match and tune play from varied openings: they take no --fen, and their help says so.
    for (const name of ['match', 'tune']) {
      expect(commandHelp(name)).toContain('no --fen');
      const { code, stderr } = runCli(name, '--fen', 'W:Wc3:Bd4');
      expect(code).toBe(2);
      expect(stderr).toMatch(/^error: Unknown option '--fen'/);
    }
  });

  it('help for a command that does not exist is a usage error', () => {
    const { code, stderr } = runCli('help', 'launch');
    expect(code).toBe(2);
    expect(stderr).toBe('error: unknown command "launch" (try: help)\n');
  });
});
