import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type SectionHeadingProps = { id: string; eyebrow?: string; title: string; text?: string };

export function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
      {eyebrow && (
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'secondary.main', fontWeight: 700, letterSpacing: 1.2 }}
        >
          {eyebrow}
        </Typography>
      )}
      <Typography
        id={id}
        variant="h3"
        component="h2"
        sx={{ fontSize: { xs: '1.8rem', md: '2.4rem' }, mb: text ? 2 : 0 }}
      >
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
