/**
 * The ports a bot process serves (METRICS_PORT, PORT) are taken first thing at start-up, before
 * it waits for anything or logs in anywhere: a busy port stops the start at once with the
 * setting named (exit 2), instead of a stack trace after the bot is already receiving updates.
 * Until its server is handed a handler, a taken port answers 503.
 */
import { createServer, type Server } from 'node:http';
import { ConfigError } from '../config.js';

/** Listens on `port` (0: one the system picks) at `host` (all interfaces unless given). */
export async function bindPort(
  port: number,
  host: string | undefined,
  variable: string,
): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(503, { 'retry-after': '5' }).end('starting');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host ?? 'all interfaces'}, port ${port}`;
      reject(
        error.code === 'EADDRINUSE'
          ? new ConfigError(`${variable}: ${where} is already in use by another process`)
          : error.code === 'EACCES'
            ? new ConfigError(`${variable}: not allowed to listen on ${where}`)
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? new ConfigError(`${variable}: ${host} is not an address of this machine`)
              : error,
      );
    });
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** The port a listening server got (the one the system chose when asked for 0). */
export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}
