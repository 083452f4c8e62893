import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { EXAMPLE_QUERY_FADE_MS, EXAMPLE_QUERY_INTERVAL_MS, exampleQueries } from '../content';

/** One example question at a time, changing every 3 s with a 0.5 s fade (spec §2, §9). */
export function ExampleQueryBanner() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let fadeTimer: number | undefined;
    const interval = window.setInterval(() => {
      setVisible(false);
      fadeTimer = window.setTimeout(() => {
        setIndex((current) => (current + 1) % exampleQueries.length);
        setVisible(true);
      }, EXAMPLE_QUERY_FADE_MS);
    }, EXAMPLE_QUERY_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fadeTimer);
    };
  }, []);

  return (
    <Paper
      elevation={0}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2.5,
        py: 2,
        maxWidth: 720,
        mx: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
      }}
    >
      <SearchIcon color="primary" aria-hidden />
      <Box sx={{ minWidth: 0, textAlign: 'left' }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Example question
        </Typography>
        <Typography
          data-testid="example-query"
          sx={{
            fontWeight: 500,
            opacity: visible ? 1 : 0,
            transition: `opacity ${EXAMPLE_QUERY_FADE_MS}ms ease-in-out`,
            minHeight: '1.5em',
          }}
        >
          {exampleQueries[index]}
        </Typography>
      </Box>
    </Paper>
  );
}
