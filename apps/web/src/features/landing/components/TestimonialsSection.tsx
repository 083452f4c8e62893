import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { testimonials } from '../content';
import { SectionHeading } from './SectionHeading';

/** Scenarios, honestly labelled: we have no customers to quote yet. */
export function TestimonialsSection() {
  return (
    <Box component="section" aria-labelledby="scenarios-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="scenarios-title"
          eyebrow="Who it is for"
          title="The work Clearroom is built for"
        />
        <Box sx={{ textAlign: 'center', mt: -3, mb: 5 }}>
          <Chip
            variant="outlined"
            label="Illustrative scenarios, not customer endorsements"
            sx={{ fontWeight: 600 }}
          />
        </Box>
        <Grid container spacing={3}>
          {testimonials.map((item) => (
            <Grid key={item.initials} size={{ xs: 12, md: 4 }}>
              <Card component="figure" sx={{ height: '100%', m: 0 }}>
                <CardContent
                  sx={{ p: 3, display: 'flex', flexDirection: 'column', height: '100%' }}
                >
                  <Typography
                    component="blockquote"
                    sx={{ m: 0, mb: 3, flexGrow: 1, fontStyle: 'italic' }}
                  >
                    &ldquo;{item.quote}&rdquo;
                  </Typography>
                  <Box
                    component="figcaption"
                    sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
                  >
                    <Avatar sx={{ bgcolor: 'secondary.main' }} aria-hidden>
                      {item.initials}
                    </Avatar>
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{item.author}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {item.role} · {item.company}
                      </Typography>
                    </Box>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
