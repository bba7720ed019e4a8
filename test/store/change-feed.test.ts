import { MemoryChangeFeed } from '../../src/store/memory-change-feed.js';
import { changeFeedContract } from './change-feed-contract.js';

changeFeedContract('memory change feed', () => {
  const peers = new Set<MemoryChangeFeed>();
  return Promise.resolve({
    feed: () => new MemoryChangeFeed(peers),
    close: () => Promise.resolve(),
  });
});
