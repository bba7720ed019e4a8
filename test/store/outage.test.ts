import { textLogger } from '../support/capturing-logger.js';
import { describe, expect, it } from 'vitest';
import {
  isConnectionError,
  MAX_RECONNECT_DELAY_MS,
  OutageReporter,
  reconnectDelay,
} from '../../src/store/outage.js';

describe('Redis outages', () => {
  it('reconnects back off from 100 ms to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(reconnectDelay)).toEqual([
      100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000,
    ]);
    expect(reconnectDelay(10_000)).toBe(MAX_RECONNECT_DELAY_MS);
  });

  it('are reported once when they start and once when they end', () => {
    const lines: string[] = [];
    const outage = new OutageReporter('store', textLogger(lines));
    outage.ready(); // connected at start: nothing to report
    for (let attempt = 0; attempt < 5; attempt++) outage.error(new Error('ECONNREFUSED'));
    expect(outage.isDown).toBe(true);
    outage.ready();
    outage.ready();
    outage.error('ETIMEDOUT');
    outage.ready();
    outage.closed();
    outage.error(new Error('ECONNREFUSED'));
    expect(lines).toEqual([
      'store: Redis connection lost, reconnecting in the background: Error: ECONNREFUSED',
      'store: Redis connection restored',
      'store: Redis connection lost, reconnecting in the background: ETIMEDOUT',
      'store: Redis connection restored',
      'store: Redis connection lost, reconnecting in the background: Error: connection closed',
    ]);
  });
});

describe('connection errors', () => {
  it('are told apart from command errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionError(new Error('read ECONNRESET'))).toBe(true);
    expect(isConnectionError(new Error('ERR wrong number of arguments for command'))).toBe(false);
    expect(isConnectionError(new Error('Missing lock for job 1'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
