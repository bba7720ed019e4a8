/** Composition root: the only place that wires configuration, engine and adapters. */
import { runConsole } from './adapters/console/index.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // No chat platform is configured yet: local hot-seat play in the terminal.
  await runConsole(config.defaultVariant);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(
    `fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
