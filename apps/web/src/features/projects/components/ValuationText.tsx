import type { Project } from '@clearroom/contracts';
import Tooltip from '@mui/material/Tooltip';
import { formatValuation } from '../formatValuation';

/**
 * A project's valuation formatted ('$25M') when the server read it, with the text as typed on
 * hover and focus; as typed otherwise.
 */
export function ValuationText({ project }: { project: Project }) {
  const formatted = formatValuation(project.valuationValue);
  if (!formatted || formatted === project.valuation) return <>{project.valuation ?? '—'}</>;
  return (
    <Tooltip title={`As typed: ${project.valuation ?? ''}`}>
      <span tabIndex={0} aria-label={`${formatted} (as typed: ${project.valuation ?? ''})`}>
        {formatted}
      </span>
    </Tooltip>
  );
}
