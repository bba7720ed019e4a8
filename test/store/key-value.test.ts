import { MemoryKeyValueStore } from '../../src/store/key-value.js';
import { keyValueContract } from './key-value-contract.js';

keyValueContract('memory key-value store', async () => new MemoryKeyValueStore());
