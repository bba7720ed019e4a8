import { textLogger } from '../support/capturing-logger.js';
import { MemoryEventRelay, MemoryEventStreams } from '../../src/store/memory-event-relay.js';
import { eventRelayContract } from './event-relay-contract.js';

eventRelayContract('memory relay', () => {
  const streams = new MemoryEventStreams();
  const logs: string[] = [];
  return Promise.resolve({
    relay: (settings) =>
      new MemoryEventRelay({ ...settings, streams, log: textLogger(logs, false) }),
    plantGarbage: (platform) => Promise.resolve(streams.append(platform, '{"not": "a list"}')),
    logs,
    close: () => Promise.resolve(undefined),
  });
});
