import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import type { ViewerHighlight } from '../viewerTarget';

/**
 * Where the highlight lies in `text`: at its offsets when the text there is still the quote,
 * else at the quote's first occurrence (the page was analysed again since), else nowhere.
 */
export function locateHighlight(
  text: string,
  highlight: ViewerHighlight | undefined,
): { start: number; end: number } | null {
  if (!highlight?.quote) return null;
  const { quote, start, end } = highlight;
  if (start >= 0 && end <= text.length && text.slice(start, end) === quote) return { start, end };
  const found = text.indexOf(quote);
  return found === -1 ? null : { start: found, end: found + quote.length };
}

/** A page's extracted text (formats other than PDF), with the cited passage marked. */
export function TextPageView({ text, highlight }: { text: string; highlight?: ViewerHighlight }) {
  const markRef = useRef<HTMLElement>(null);
  const range = locateHighlight(text, highlight);

  useEffect(() => {
    markRef.current?.scrollIntoView?.({ block: 'center' });
  }, [text, range?.start, range?.end]);

  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 2,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'inherit',
        fontSize: '0.875rem',
        lineHeight: 1.6,
        '& mark': { bgcolor: 'rgba(255, 196, 0, 0.45)', color: 'inherit', borderRadius: '2px' },
      }}
    >
      {range ? (
        <>
          {text.slice(0, range.start)}
          <mark ref={markRef} data-testid="citation-highlight">
            {text.slice(range.start, range.end)}
          </mark>
          {text.slice(range.end)}
        </>
      ) : (
        text
      )}
    </Box>
  );
}
