import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ExtractedField } from '../extraction';

type ExtractedFieldNoteProps = {
  /** Labels the note (the field's label). */
  label: string;
  info: ExtractedField;
  /** The field's current value in the form. */
  value: string;
  onChange: (value: string) => void;
  onOpenSource: (documentId: number, pageNumber: number) => void;
};

/**
 * Under a field AI Extract filled: where the value came from (the quote as a tooltip and a
 * caption; the link opens the document), and the value the field held before, restorable.
 */
export function ExtractedFieldNote({
  label,
  info,
  value,
  onChange,
  onOpenSource,
}: ExtractedFieldNoteProps) {
  const { provenance, previous } = info;
  const showingPrevious = previous !== '' && value === previous;

  return (
    <Box
      role="note"
      aria-label={`${label}: extracted`}
      sx={{ mt: 0.5, px: 0.5, color: 'text.secondary', fontSize: '0.75rem' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <AutoAwesomeOutlined sx={{ fontSize: 14, mt: '2px' }} color="primary" aria-hidden />
        {provenance ? (
          <Box sx={{ minWidth: 0 }}>
            <Tooltip title={`“${provenance.quote}”`} describeChild>
              <Link
                component="button"
                type="button"
                variant="caption"
                onClick={() => onOpenSource(provenance.documentId, provenance.pageNumber)}
                sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
              >
                from {provenance.originalname}, page {provenance.pageNumber}
              </Link>
            </Tooltip>
            <Typography
              variant="caption"
              component="q"
              title={provenance.quote}
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                fontStyle: 'italic',
              }}
            >
              {provenance.quote}
            </Typography>
          </Box>
        ) : (
          <Typography variant="caption">from web research (no documents found)</Typography>
        )}
      </Box>
      {previous && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
          {showingPrevious ? (
            <>
              <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                Extracted value: {info.value}
              </Typography>
              <Button
                size="small"
                aria-label={`Use extracted ${label}`}
                onClick={() => onChange(info.value)}
                sx={{ py: 0, minWidth: 0 }}
              >
                Use extracted
              </Button>
            </>
          ) : (
            <>
              <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                Previous value: {previous}
              </Typography>
              <Button
                size="small"
                aria-label={`Keep previous ${label}`}
                onClick={() => onChange(previous)}
                sx={{ py: 0, minWidth: 0 }}
              >
                Keep previous
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
