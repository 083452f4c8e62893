import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ProjectGate } from '../../projects/components/ProjectGate';

export function ChatPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            AI Assistant
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <Paper
            variant="outlined"
            sx={{
              minHeight: 360,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              p: 4,
              textAlign: 'center',
              color: 'text.secondary',
            }}
          >
            <ForumOutlined sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h6" component="h2" color="text.primary">
              Ready to analyze your documents
            </Typography>
          </Paper>
        </Box>
      )}
    </ProjectGate>
  );
}
