import { expect } from '@jest/globals';
import type { ProjectRole } from '@clearroom/contracts';
import { createProject, waitForAnalysis } from './documents.js';
import { signUp, type TestAgent, type TestApp } from './test-app.js';

/** A member of the deal team (or someone outside it), signed in. */
export type Person = {
  agent: TestAgent;
  user: { id: number; username: string };
  /** "clearroom_session=<token>". */
  cookie: string;
};

/** A short contract the embedded reader analyses in a moment. */
export const CONTRACT_TEXT =
  'MASTER SERVICES AGREEMENT\n\nThis Agreement is governed by the laws of the State of Delaware. ' +
  'The term of this Agreement is five (5) years from the Effective Date. Either party may ' +
  'terminate this Agreement upon thirty (30) days written notice.\n';

export async function person(testApp: TestApp, username?: string): Promise<Person> {
  const { agent, user, cookie } = await signUp(testApp, username);
  return { agent, user, cookie };
}

export async function addMember(
  owner: TestAgent,
  projectId: number,
  member: Person,
  role: ProjectRole,
): Promise<void> {
  await owner
    .post(`/api/projects/${projectId}/members`)
    .send({ username: member.user.username, role })
    .expect(201);
}

/** Uploads a text document as `agent` and answers its id once analysed. */
export async function uploadDocument(
  agent: TestAgent,
  projectId: number,
  name = 'msa.txt',
  text = CONTRACT_TEXT,
): Promise<{ id: number; filename: string }> {
  const response = await agent
    .post(`/api/projects/${projectId}/files`)
    .attach('files', Buffer.from(text), name)
    .expect(201);
  const file = response.body.files[0].file as { id: number; filename: string };
  const files = await waitForAnalysis(agent, projectId);
  expect(files.find((candidate) => candidate.id === file.id)?.processingStatus).toBe('completed');
  return { id: file.id, filename: file.filename };
}

/**
 * The deal team of issue 17: an administrator (the installation's first account, a member of
 * nothing), an owner, an editor, a viewer, someone outside the project, and an editor whose
 * account the administrator disabled; one project with an analysed document.
 */
export type DealTeam = {
  admin: Person;
  owner: Person;
  editor: Person;
  viewer: Person;
  outsider: Person;
  disabled: Person;
  projectId: number;
  document: { id: number; filename: string };
};

export async function dealTeam(testApp: TestApp): Promise<DealTeam> {
  const admin = await person(testApp);
  const owner = await person(testApp);
  const editor = await person(testApp);
  const viewer = await person(testApp);
  const outsider = await person(testApp);
  const disabled = await person(testApp);
  const projectId = await createProject(owner.agent, 'Project Osprey');
  await addMember(owner.agent, projectId, editor, 'editor');
  await addMember(owner.agent, projectId, viewer, 'viewer');
  await addMember(owner.agent, projectId, disabled, 'editor');
  const document = await uploadDocument(owner.agent, projectId);
  await admin.agent
    .patch(`/api/admin/users/${disabled.user.id}`)
    .send({ disabled: true })
    .expect(200);
  return { admin, owner, editor, viewer, outsider, disabled, projectId, document };
}
