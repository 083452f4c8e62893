import type { Citation } from '@clearroom/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Fragment } from 'react';
import { splitCitationMarkers } from '../conversation';

type AnswerTextProps = {
  text: string;
  citations: readonly Citation[];
  onOpenCitation: (citation: Citation) => void;
};

/** An answer's text with its `[n]` markers as small buttons that open the cited passage. */
export function AnswerText({ text, citations, onOpenCitation }: AnswerTextProps) {
  return (
    <Box
      component="div"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
      data-testid="answer-text"
    >
      {splitCitationMarkers(text, citations).map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <Fragment key={index}>
            {segment.separator}
            <CitationChip citation={segment.citation} onOpen={onOpenCitation} />
          </Fragment>
        ),
      )}
    </Box>
  );
}

export function CitationChip({
  citation,
  onOpen,
}: {
  citation: Citation;
  onOpen: (citation: Citation) => void;
}) {
  return (
    <ButtonBase
      onClick={() => onOpen(citation)}
      aria-label={`Source ${citation.n}: ${citation.originalname}, page ${citation.pageNumber}`}
      title={`${citation.originalname} (Page ${citation.pageNumber})`}
      data-citation={citation.n}
      sx={{
        verticalAlign: 'super',
        fontSize: '0.7rem',
        fontWeight: 600,
        lineHeight: 1,
        minWidth: 18,
        px: 0.5,
        py: 0.25,
        mx: 0.25,
        borderRadius: 1,
        color: 'primary.main',
        bgcolor: 'action.selected',
        '&:hover': { bgcolor: 'action.focus' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {citation.n}
    </ButtonBase>
  );
}
