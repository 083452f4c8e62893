import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CREATE_ACCOUNT } from '../content';
import { ExampleQueryBanner } from './ExampleQueryBanner';

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        pt: { xs: 8, md: 12 },
        pb: { xs: 8, md: 10 },
        background: 'linear-gradient(180deg, #e8f0fa 0%, #f5f7fa 100%)',
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'center', flexWrap: 'wrap', mb: 3 }}
        >
          <Chip label="Self-hosted" size="small" />
          <Chip label="Air-gapped" size="small" />
          <Chip label="Cited answers" size="small" />
        </Stack>
        <Typography
          id="hero-title"
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '2.2rem', md: '3.4rem' }, lineHeight: 1.15, mb: 3 }}
        >
          Due diligence answers you can verify, on servers you control
        </Typography>
        <Typography
          color="text.secondary"
          sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, maxWidth: 680, mx: 'auto', mb: 4 }}
        >
          Clearroom is a due-diligence workspace for deal teams. Ask questions about the data room
          in plain language and get answers that cite the document, page and passage, without a
          single file leaving your network.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'center', mb: 6 }}
        >
          <Button component={RouterLink} to={CREATE_ACCOUNT} variant="contained" size="large">
            Start Your First Deal
          </Button>
          <Button href="#how-it-works" variant="outlined" size="large">
            See How It Works
          </Button>
        </Stack>
        <ExampleQueryBanner />
      </Container>
    </Box>
  );
}
