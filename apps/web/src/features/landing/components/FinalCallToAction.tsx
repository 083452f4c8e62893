import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function FinalCallToAction() {
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 8, md: 10 }, bgcolor: 'primary.dark', color: 'primary.contrastText' }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="cta-title" variant="h4" component="h2" gutterBottom>
          Keep the data room inside your network
        </Typography>
        <Typography sx={{ opacity: 0.85, mb: 4, fontSize: '1.1rem' }}>
          Install Clearroom on your Kubernetes cluster with Helm or on one machine, and give your
          deal team answers they can check against the source.
        </Typography>
        <Button
          component={RouterLink}
          to="/login"
          variant="contained"
          size="large"
          sx={{ bgcolor: '#ffffff', color: 'primary.dark', '&:hover': { bgcolor: '#e8f0fa' } }}
        >
          Open Your Workspace
        </Button>
      </Container>
    </Box>
  );
}
