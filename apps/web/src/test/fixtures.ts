import type { Project, User } from '@clearroom/contracts';

export const testUser: User = { id: 1, username: 'alice' };

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Project Atlas',
    description: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    companyName: null,
    industry: null,
    businessModel: null,
    ceoName: null,
    ceoContact: null,
    revenue: null,
    profitMargin: null,
    employeeCount: null,
    valuation: null,
    dealStage: null,
    ...overrides,
  };
}
