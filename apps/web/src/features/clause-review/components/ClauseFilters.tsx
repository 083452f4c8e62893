import type { ClauseMatrixDocument } from '@clearroom/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ColumnGroup, ReviewFilters } from '../clauseMatrix';

type CategoryOption = { category: string; group: string };

type ClauseFiltersProps = {
  documents: readonly ClauseMatrixDocument[];
  /** The columns the category filter picks from. */
  groups: readonly ColumnGroup[];
  filters: ReviewFilters;
  showAll: boolean;
  /** How many categories the model knows (for "Show all 41 categories"). */
  categoryTotal: number;
  onRedFlagsOnly: (on: boolean) => void;
  onDocument: (id: number | null) => void;
  onCategory: (category: string | null) => void;
  onShowAll: (on: boolean) => void;
};

export function ClauseFilters({
  documents,
  groups,
  filters,
  showAll,
  categoryTotal,
  onRedFlagsOnly,
  onDocument,
  onCategory,
  onShowAll,
}: ClauseFiltersProps) {
  const categoryOptions: CategoryOption[] = groups.flatMap((group) =>
    group.categories.map((category) => ({ category, group: group.label })),
  );
  const document = documents.find((candidate) => candidate.documentId === filters.documentId);
  const category = categoryOptions.find((option) => option.category === filters.category);

  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      role="group"
      aria-label="Filters"
    >
      <Autocomplete
        size="small"
        sx={{ width: 280 }}
        options={documents}
        value={document ?? null}
        getOptionLabel={(option) => option.originalname}
        getOptionKey={(option) => option.documentId}
        isOptionEqualToValue={(option, value) => option.documentId === value.documentId}
        onChange={(_event, value) => onDocument(value?.documentId ?? null)}
        renderInput={(params) => <TextField {...params} label="Document" />}
      />
      <Autocomplete
        size="small"
        sx={{ width: 260 }}
        options={categoryOptions}
        groupBy={(option) => option.group}
        value={category ?? null}
        getOptionLabel={(option) => option.category}
        getOptionKey={(option) => option.category}
        isOptionEqualToValue={(option, value) => option.category === value.category}
        onChange={(_event, value) => onCategory(value?.category ?? null)}
        renderInput={(params) => <TextField {...params} label="Category" />}
      />
      <FormControlLabel
        control={
          <Switch
            checked={filters.redFlagsOnly}
            onChange={(event) => onRedFlagsOnly(event.target.checked)}
          />
        }
        label="Red flags only"
      />
      <FormControlLabel
        control={<Switch checked={showAll} onChange={(event) => onShowAll(event.target.checked)} />}
        label={`Show all ${categoryTotal} categories`}
      />
    </Stack>
  );
}
