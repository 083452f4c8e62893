import { expect } from '@jest/globals';
import type { ProjectFile } from '@clearroom/contracts';
import type { TestAgent } from './test-app.js';

export async function createProject(agent: TestAgent, name = 'Project Atlas'): Promise<number> {
  const response = await agent.post('/api/projects').send({ name }).expect(201);
  return response.body.project.id as number;
}

/** Polls the file list until no document is waiting or processing, and returns it. */
export async function waitForAnalysis(
  agent: TestAgent,
  projectId: number,
  timeoutMs = 60_000,
): Promise<ProjectFile[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await agent.get(`/api/projects/${projectId}/files`).expect(200);
    const files = response.body.files as ProjectFile[];
    if (
      files.every(
        (file) => file.processingStatus === 'completed' || file.processingStatus === 'failed',
      )
    ) {
      return files;
    }
    if (Date.now() > deadline) {
      expect(files.map((file) => [file.originalname, file.processingStatus])).toEqual(
        'all finished',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
