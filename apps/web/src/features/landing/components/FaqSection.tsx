import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { faqs } from '../content';
import { SectionHeading } from './SectionHeading';

/** Eight questions; one open at a time, and the open one can be closed again (spec §2). */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper', scrollMarginTop: 64 }}
    >
      <Container maxWidth="md">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions we are asked" />
        {faqs.map((faq, index) => (
          <Accordion
            key={faq.question}
            expanded={open === index}
            onChange={(_event, expanded) => setOpen(expanded ? index : null)}
            disableGutters
            variant="outlined"
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`faq-${index}-header`}
              aria-controls={`faq-${index}-content`}
            >
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {faq.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`faq-${index}-content`}>
              <Typography color="text.secondary">{faq.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Container>
    </Box>
  );
}
