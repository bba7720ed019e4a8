import { textLogger } from '../support/capturing-logger.js';
import { MemoryEventRelay, MemoryEventStreams } from '../../src/store/memory-event-relay.js';
import { eventRelayContract } from './event-relay-contract.js';

eventRelayContract('memory relay', async () => {
  const streams = new MemoryEventStreams();
  const logs: string[] = [];
  return {
    relay: (settings) =>
      new MemoryEventRelay({ ...settings, streams, log: textLogger(logs, false) }),
    plantGarbage: async (platform) => streams.append(platform, '{"not": "a list"}'),
    logs,
    close: async () => undefined,
  };
});
