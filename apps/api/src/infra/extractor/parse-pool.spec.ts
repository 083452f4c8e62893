import { describe, expect, it } from '@jest/globals';
import type { EventEmitter } from 'node:events';
import { ParsePool } from './parse-pool.js';

describe('ParsePool', () => {
  it('survives a pool error, such as a late answer to an aborted task', async () => {
    const parsePool = new ParsePool({ threads: 1, memoryMb: 256 });
    const piscina = (parsePool as unknown as { pool: EventEmitter }).pool;
    try {
      expect(() =>
        piscina.emit('error', new Error('Unexpected message from Worker')),
      ).not.toThrow();
    } finally {
      await parsePool.close();
    }
  });
});
