import DnsOutlined from '@mui/icons-material/DnsOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FolderSpecialOutlined from '@mui/icons-material/FolderSpecialOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PermMediaOutlined from '@mui/icons-material/PermMediaOutlined';
import WifiOffOutlined from '@mui/icons-material/WifiOffOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { features, type FeatureKey } from '../content';
import { SectionHeading } from './SectionHeading';

const icons: Record<FeatureKey, ReactNode> = {
  selfHosted: <DnsOutlined />,
  airGapped: <WifiOffOutlined />,
  private: <LockOutlined />,
  citations: <FactCheckOutlined />,
  projects: <FolderSpecialOutlined />,
  formats: <PermMediaOutlined />,
};

export function FeaturesSection() {
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="A data room assistant that stays inside your walls"
          text="Clearroom brings question answering to due diligence without sending a document, a question or an answer outside your network."
        />
        <Grid container spacing={3}>
          {features.map((feature) => (
            <Grid key={feature.key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    aria-hidden
                    sx={{
                      display: 'inline-flex',
                      p: 1.25,
                      mb: 2,
                      borderRadius: 2,
                      bgcolor: '#e8f0fa',
                      color: 'primary.main',
                    }}
                  >
                    {icons[feature.key]}
                  </Box>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
