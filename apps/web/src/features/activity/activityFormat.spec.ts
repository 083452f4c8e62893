import type { ActivityEntry } from '@clearroom/contracts';
import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, describeActivity, formatDateTime } from './activityFormat';

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    projectId: 1,
    at: '2026-11-26T09:30:00.000Z',
    actor: { id: 2, username: 'bob' },
    action: 'document.viewed',
    document: null,
    address: '10.0.0.7',
    details: null,
    ...overrides,
  };
}

describe('activity format', () => {
  it('labels actions and actors', () => {
    expect(actionLabel('deal_details.extracted')).toBe('AI Extract run');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(actorLabel(entry({}))).toBe('bob');
    expect(actorLabel(entry({ actor: null }))).toBe('System');
  });

  it('writes the date and time the UK way', () => {
    expect(formatDateTime('2026-11-26T09:30:00.000Z')).toMatch(/^26\/11\/2026, \d{2}:30$/);
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('says what each action adds in one line', () => {
    const cases: [Partial<ActivityEntry>, string | null][] = [
      [{ action: 'question.asked', details: { question: 'Who signs?' } }, '“Who signs?”'],
      [{ action: 'project.renamed', details: { from: 'Atlas', to: 'Birch' } }, 'Atlas → Birch'],
      [
        { action: 'project.details_edited', details: { fields: ['revenue', 'valuation'] } },
        'Fields: revenue, valuation',
      ],
      [
        { action: 'member.added', details: { userId: 3, username: 'carol', role: 'editor' } },
        'carol (Editor)',
      ],
      [
        {
          action: 'member.role_changed',
          details: { userId: 3, username: 'carol', role: 'viewer', previousRole: 'editor' },
        },
        'carol: Editor → Viewer',
      ],
      [
        { action: 'review.exported', details: { reviewId: 4, name: 'Leases', format: 'xlsx' } },
        'Leases (XLSX)',
      ],
      [{ action: 'clauses.exported', details: { format: 'csv' } }, 'CSV'],
      [{ action: 'document.analysis_failed', details: { reason: 'Encrypted' } }, 'Encrypted'],
      [
        { action: 'project.deleted', details: { name: 'Old deal', documentCount: 1 } },
        'Old deal (1 document)',
      ],
      [{ action: 'document.viewed' }, null],
      // Details missing or malformed: nothing rather than 'undefined'.
      [{ action: 'question.asked', details: {} }, null],
      [{ action: 'member.removed', details: { username: 42 } }, '42'],
    ];
    for (const [overrides, expected] of cases) {
      expect(describeActivity(entry(overrides))).toBe(expected);
    }
  });
});
