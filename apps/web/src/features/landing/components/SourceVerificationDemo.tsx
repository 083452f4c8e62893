import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SectionHeading } from './SectionHeading';

const CITED_PAGE = 14;

/** A grey line standing for text in the illustration. */
function TextLine({ width }: { width: string }) {
  return <Box sx={{ height: 8, width, bgcolor: 'grey.200', borderRadius: 1, mb: 1.25 }} />;
}

/** A static illustration: an answer citing [1] beside the cited page with the passage marked. */
export function SourceVerificationDemo() {
  return (
    <Box
      component="section"
      aria-labelledby="verification-title"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="verification-title"
          eyebrow="Source verification"
          title="Every answer shows its source"
          text="Open a citation and the cited page appears beside the answer, with the passage highlighted."
        />
        <Box component="figure" aria-labelledby="verification-caption" sx={{ m: 0 }}>
          <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 3 }}>
            <Grid container>
              <Grid
                size={{ xs: 12, md: 6 }}
                sx={{ p: { xs: 2.5, md: 4 }, bgcolor: 'background.paper' }}
              >
                <Typography variant="overline" color="text.secondary" component="p">
                  Question
                </Typography>
                <Typography sx={{ fontWeight: 600, mb: 3 }}>
                  Can the supplier terminate if the company is sold?
                </Typography>
                <Typography variant="overline" color="text.secondary" component="p">
                  Answer
                </Typography>
                <Typography sx={{ mb: 3 }}>
                  Yes. The supplier may terminate the agreement on thirty days&apos; written notice
                  if the customer undergoes a change of control{' '}
                  <Box
                    component="span"
                    sx={{
                      display: 'inline-block',
                      px: 0.75,
                      borderRadius: 1,
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      fontSize: '0.8rem',
                      fontWeight: 700,
                    }}
                  >
                    [1]
                  </Box>
                  . No consent is needed from the customer.
                </Typography>
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 1.5,
                    border: 1,
                    borderColor: 'primary.light',
                    borderRadius: 2,
                    bgcolor: '#e8f0fa',
                  }}
                >
                  <DescriptionOutlined color="primary" fontSize="small" />
                  <Typography variant="body2">
                    [1] Supplier Agreement.pdf, Page {CITED_PAGE}
                  </Typography>
                </Box>
              </Grid>
              <Grid
                size={{ xs: 12, md: 6 }}
                sx={{
                  p: { xs: 2.5, md: 4 },
                  bgcolor: 'grey.100',
                  borderLeft: { md: 1 },
                  borderColor: { md: 'divider' },
                }}
              >
                <Paper elevation={2} sx={{ p: 3, maxWidth: 440, mx: 'auto' }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2 }}>
                    <Typography variant="caption" color="text.secondary">
                      Supplier Agreement.pdf
                    </Typography>
                    <Typography variant="caption" sx={{ fontWeight: 700 }}>
                      Page {CITED_PAGE}
                    </Typography>
                  </Box>
                  <TextLine width="92%" />
                  <TextLine width="85%" />
                  <TextLine width="88%" />
                  <Box
                    component="mark"
                    sx={{
                      display: 'block',
                      my: 1.5,
                      p: 1.25,
                      bgcolor: '#fff3b0',
                      borderLeft: 3,
                      borderColor: '#e0b400',
                      color: 'text.primary',
                      fontSize: '0.85rem',
                      lineHeight: 1.5,
                    }}
                  >
                    18.2 Change of Control. The Supplier may terminate this Agreement by giving not
                    less than thirty (30) days&apos; written notice to the Customer if the Customer
                    undergoes a Change of Control.
                  </Box>
                  <TextLine width="90%" />
                  <TextLine width="78%" />
                  <TextLine width="86%" />
                  <TextLine width="60%" />
                </Paper>
              </Grid>
            </Grid>
          </Paper>
          <Typography
            variant="caption"
            color="text.secondary"
            component="figcaption"
            id="verification-caption"
            sx={{ display: 'block', mt: 1.5, textAlign: 'center' }}
          >
            Illustration: an answer citing [1] beside the cited page of an invented contract.
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
