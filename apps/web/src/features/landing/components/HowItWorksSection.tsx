import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { steps } from '../content';
import { SectionHeading } from './SectionHeading';

const icons = [
  <CloudUploadOutlined key="upload" />,
  <AutoAwesomeOutlined key="processing" />,
  <QuestionAnswerOutlined key="querying" />,
];

export function HowItWorksSection() {
  return (
    <Box
      component="section"
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper', scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading id="how-it-works-title" eyebrow="How it works" title="Three steps" />
        <Grid container spacing={4} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {steps.map((step, index) => (
            <Grid
              key={step.title}
              component="li"
              size={{ xs: 12, md: 4 }}
              sx={{ textAlign: 'center' }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 64,
                  height: 64,
                  mx: 'auto',
                  mb: 2,
                  borderRadius: '50%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {icons[index]}
              </Box>
              <Typography variant="overline" color="text.secondary" component="p">
                Step {index + 1}
              </Typography>
              <Typography variant="h6" component="h3" gutterBottom>
                {step.title}
              </Typography>
              <Typography color="text.secondary" sx={{ maxWidth: 320, mx: 'auto' }}>
                {step.text}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
