import { describe, expect, it } from 'vitest';
import {
  createProjectRequestSchema,
  idParamSchema,
  updateProjectRequestSchema,
} from './projects.js';

describe('project request schemas', () => {
  it('trims text and turns blank optional fields into null', () => {
    expect(
      createProjectRequestSchema.parse({
        name: '  Falcon ',
        companyName: '  ',
        valuation: ' $5M ',
        dealStage: '',
      }),
    ).toEqual({ name: 'Falcon', companyName: null, valuation: '$5M', dealStage: null });
  });

  it('leaves fields that were not sent absent, so an update keeps them', () => {
    const parsed = updateProjectRequestSchema.parse({ revenue: '$10M' });
    expect(parsed).toEqual({ revenue: '$10M' });
    expect('valuation' in parsed).toBe(false);
  });

  it('accepts exactly the eight deal stages', () => {
    expect(createProjectRequestSchema.safeParse({ name: 'x', dealStage: 'On Hold' }).success).toBe(
      true,
    );
    const wrong = createProjectRequestSchema.safeParse({ name: 'x', dealStage: 'on hold' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/^Deal stage must be one of: Initial Review, /);
  });

  it('refuses an update with nothing in it and unknown fields', () => {
    expect(updateProjectRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Nothing to update: send at least one field',
    );
    expect(updateProjectRequestSchema.safeParse({ owner: 2 }).success).toBe(false);
  });

  it('reads route ids as positive safe integers only', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    for (const bad of ['0', '-3', '4.2', 'abc', '9007199254740993', '']) {
      expect(idParamSchema.safeParse(bad).success).toBe(false);
    }
  });
});
