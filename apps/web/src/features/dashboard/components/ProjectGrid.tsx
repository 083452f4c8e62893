import type { Project } from '@clearroom/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { ProjectCard } from './ProjectCard';

/** Spec §9: at most 6 project cards until the user asks for all of them. */
export const DASHBOARD_PROJECT_LIMIT = 6;

export function ProjectGrid({ projects }: { projects: Project[] }) {
  const [showAll, setShowAll] = useState(false);
  const visible = showAll ? projects : projects.slice(0, DASHBOARD_PROJECT_LIMIT);

  return (
    <>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {visible.map((project) => (
          <Grid key={project.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
            <ProjectCard project={project} />
          </Grid>
        ))}
      </Grid>
      {projects.length > DASHBOARD_PROJECT_LIMIT && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => setShowAll((value) => !value)}>
            {showAll ? 'Show Fewer Projects' : `View All ${projects.length} Projects`}
          </Button>
        </Box>
      )}
    </>
  );
}
