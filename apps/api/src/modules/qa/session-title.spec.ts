import { describe, expect, it } from '@jest/globals';
import { sessionTitleFrom } from './session-title.js';

describe('sessionTitleFrom', () => {
  it('uses a short question as it is, without its question mark', () => {
    expect(sessionTitleFrom('  what is the   governing law?  ')).toBe('What is the governing law');
  });

  it('cuts a long question at a word boundary', () => {
    const title = sessionTitleFrom(
      'Can the licensor assign this agreement to an acquirer after a change of control without consent?',
    );
    expect(title).toBe('Can the licensor assign this agreement to an…');
    expect(title.length).toBeLessThanOrEqual(49);
  });
});
