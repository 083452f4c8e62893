import { describe, expect, it } from 'vitest';
import { projectInitials } from './projectInitials';

describe('projectInitials', () => {
  it.each([
    ['Project Atlas', 'PA'],
    ['Falcon', 'FA'],
    ['acme corp. – Series B', 'AC'],
    ['Żabka Holdings', 'ŻH'],
    ['2024 roll-up', '2R'],
    ['  ', '?'],
    ['!!!', '?'],
  ])('%s → %s', (name, initials) => {
    expect(projectInitials(name)).toBe(initials);
  });
});
