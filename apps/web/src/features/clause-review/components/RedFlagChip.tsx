import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';

type RedFlagChipProps = {
  projectId: number;
  documentId: number;
  /** The red-flag categories found in the document. */
  categories: readonly string[];
};

/** The Documents page's count of a document's red flags, linking to its Clause Review row. */
export function RedFlagChip({ projectId, documentId, categories }: RedFlagChipProps) {
  const count = categories.length;
  const label = count === 0 ? 'No red flags' : `${count} red ${count === 1 ? 'flag' : 'flags'}`;
  return (
    <Tooltip
      title={count === 0 ? 'Open in Clause Review' : categories.join(', ')}
      describeChild
      disableInteractive
    >
      <Chip
        component={RouterLink}
        to={`/project/${projectId}/clauses?document=${documentId}`}
        clickable
        size="small"
        variant="outlined"
        color={count === 0 ? 'default' : 'error'}
        icon={<FlagOutlined />}
        label={label}
      />
    </Tooltip>
  );
}
