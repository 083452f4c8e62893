import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../../components/BrandMark';
import { landingSections } from '../content';

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ py: 5, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <BrandMark size={24} />
              <Typography sx={{ fontWeight: 700 }}>Clearroom</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Self-hosted due diligence for deal teams.
            </Typography>
          </Box>
          <Stack
            component="nav"
            aria-label="Footer"
            direction="row"
            spacing={3}
            sx={{ flexWrap: 'wrap' }}
          >
            {landingSections.map((section) => (
              <Link
                key={section.id}
                href={`#${section.id}`}
                color="text.secondary"
                underline="hover"
              >
                {section.label}
              </Link>
            ))}
          </Stack>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
          © {new Date().getFullYear()} Clearroom
        </Typography>
      </Container>
    </Box>
  );
}
