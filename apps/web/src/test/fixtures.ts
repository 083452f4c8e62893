import type { Project, ProjectFile, User } from '@clearroom/contracts';

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
    valuationValue: null,
    dealStage: null,
    ...overrides,
  };
}

export function makeProjectFile(overrides: Partial<ProjectFile> = {}): ProjectFile {
  const status = overrides.processing_status ?? overrides.processingStatus ?? 'completed';
  return {
    id: 1,
    projectId: 1,
    filename: '3f2a9c.pdf',
    originalname: 'Share Purchase Agreement.pdf',
    mimetype: 'application/pdf',
    size: 2_411_724,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    uploadedAt: '2026-03-14T10:00:00.000Z',
    failureReason: null,
    analysisNote: null,
    pageCount: 50,
    pagesProcessed: status === 'completed' ? 50 : 0,
    completedAt: status === 'completed' ? '2026-03-14T10:05:00.000Z' : null,
    ...overrides,
    processing_status: status,
    processingStatus: status,
  };
}
