import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run cli -- ...args` the way a user would (without npm's banner). */
export function runCli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return runCliWith({}, ...args);
}

/** runCli with more in its environment (e.g. REDIS_URL). */
export function runCliWith(
  env: Record<string, string>,
  ...args: string[]
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
