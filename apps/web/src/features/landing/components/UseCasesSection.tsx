import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCases, type UseCaseKey } from '../content';
import { SectionHeading } from './SectionHeading';

const icons: Record<UseCaseKey, ReactNode> = {
  leases: <ApartmentOutlined />,
  anomalies: <ReportProblemOutlined />,
  changeOfControl: <SwapHorizOutlined />,
  financials: <QueryStatsOutlined />,
};

export function UseCasesSection() {
  return (
    <Box
      component="section"
      id="use-cases"
      aria-labelledby="use-cases-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper', scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Use cases"
          title="For the questions every deal raises"
          text="Legal, finance, private equity, investment banking and real estate teams ask the same kinds of questions of every data room."
        />
        <Grid container spacing={3}>
          {useCases.map((useCase) => (
            <Grid key={useCase.key} size={{ xs: 12, sm: 6 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%', display: 'flex', gap: 2 }}>
                <Box aria-hidden sx={{ color: 'secondary.main', pt: 0.25 }}>
                  {icons[useCase.key]}
                </Box>
                <Box>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {useCase.title}
                  </Typography>
                  <Typography color="text.secondary">{useCase.text}</Typography>
                </Box>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
