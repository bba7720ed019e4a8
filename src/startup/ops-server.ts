/**
 * The operations endpoint of a bot process, on its own port (METRICS_PORT) in polling and
 * webhook mode alike: GET /healthz and GET /metrics. Nothing else is served.
 */
import type { Server } from 'node:http';
import type { Logger } from '../game/logger.js';

/** One health check: resolves true when the part works; false or a rejection when not. */
export type HealthCheck = () => Promise<boolean> | boolean;

export interface OpsServerOptions {
  /** A server already listening on METRICS_PORT (listen.ts bindPort), taken over here. */
  readonly server: Server;
  readonly checks: Readonly<Record<string, HealthCheck>>;
  /** The Prometheus text exposition. */
  readonly metrics: () => Promise<string>;
  readonly logger: Logger;
  /** How long one check may take before it counts as failed. */
  readonly checkTimeoutMs?: number;
}

export interface OpsServer {
  /** The port listened on (the one chosen by the system when asked for 0). */
  readonly port: number;
  close(): Promise<void>;
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch {
    return false; // a failed check is the answer, reported in the body
  } finally {
    clearTimeout(timer);
  }
}

/** Every check at once: `ok` when all pass. */
export async function health(
  checks: Readonly<Record<string, HealthCheck>>,
  timeoutMs: number,
): Promise<{ ok: boolean; checks: Record<string, boolean> }> {
  const results = await Promise.all(
    Object.entries(checks).map(
      async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const,
    ),
  );
  return { ok: results.every(([, ok]) => ok), checks: Object.fromEntries(results) };
}

/** Starts serving /healthz and /metrics on the listening server. */
export function startOpsServer(options: OpsServerOptions): OpsServer {
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  const { server } = options;
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || (path !== '/healthz' && path !== '/metrics')) {
        response.writeHead(404).end();
        return;
      }
      if (path === '/healthz') {
        const result = await health(options.checks, timeoutMs);
        if (!result.ok) options.logger.warn('health check failed', { checks: result.checks });
        response
          .writeHead(result.ok ? 200 : 503, { 'content-type': 'application/json' })
          .end(JSON.stringify(result));
        return;
      }
      const text = await options.metrics();
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(text);
    })().catch((error: unknown) => {
      options.logger.error('ops server: request failed', { path: request.url, err: error });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
