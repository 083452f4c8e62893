import { ProjectGate } from '../../projects/components/ProjectGate';
import { ChatWorkspace } from './ChatWorkspace';

/** /project/:id/chat: the AI Assistant of one of the user's projects. */
export function ChatPage() {
  return (
    <ProjectGate>{(project) => <ChatWorkspace key={project.id} project={project} />}</ProjectGate>
  );
}
