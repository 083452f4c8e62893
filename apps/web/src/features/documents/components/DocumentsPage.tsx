import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';
import { ProjectDocuments } from './ProjectDocuments';

/** Spec §2, §9: on this page the file list refreshes every 2 seconds. */
export const DOCUMENTS_PAGE_REFRESH_MS = 2000;

export function DocumentsPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            Documents
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          {/* A new project starts with an empty selection. */}
          <ProjectDocuments
            key={project.id}
            projectId={project.id}
            canEdit={projectPermissions(project.role).canEdit}
            refreshEveryMs={DOCUMENTS_PAGE_REFRESH_MS}
          />
        </Box>
      )}
    </ProjectGate>
  );
}
