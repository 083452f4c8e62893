import type { Citation } from '@clearroom/contracts';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { sourceLabel } from '../conversation';

/** The citation a source string stands for: the one at its index, else one with its label. */
export function citationForSource(
  source: string,
  index: number,
  citations: readonly Citation[],
): Citation | undefined {
  const atIndex = citations[index];
  if (atIndex && sourceLabel(atIndex) === source) return atIndex;
  return citations.find((citation) => sourceLabel(citation) === source);
}

type SourceListProps = {
  sources: readonly string[];
  citations: readonly Citation[];
  onOpenSource: (source: string, citation: Citation | undefined) => void;
};

/** The sources under an answer (`"<name> (Page N)"`), each opening the viewer there. */
export function SourceList({ sources, citations, onOpenSource }: SourceListProps) {
  if (sources.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ mb: 0.5 }}>
        Sources
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Sources">
        {sources.map((source, index) => {
          const citation = citationForSource(source, index, citations);
          return (
            <Box component="li" key={`${index}-${source}`}>
              <Button
                size="small"
                startIcon={<DescriptionOutlined fontSize="small" />}
                onClick={() => onOpenSource(source, citation)}
                title={citation?.quote}
                sx={{
                  textTransform: 'none',
                  textAlign: 'left',
                  justifyContent: 'flex-start',
                  overflowWrap: 'anywhere',
                  py: 0.25,
                }}
              >
                {citation ? `[${citation.n}] ` : ''}
                {source}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
