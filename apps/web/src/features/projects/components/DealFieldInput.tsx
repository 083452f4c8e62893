import { dealStages, type DealFieldKey } from '@clearroom/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { dealFieldLabels, multilineDealFields } from '../dealFields';

type DealFieldInputProps = {
  field: DealFieldKey;
  value: string;
  onChange: (field: DealFieldKey, value: string) => void;
  /** Overrides the field's usual label ('Project Description' on the create form). */
  label?: string;
  disabled?: boolean;
};

/** One deal field as a labelled input; Deal Stage is a select of the eight stages. */
export function DealFieldInput({ field, value, onChange, label, disabled }: DealFieldInputProps) {
  const common = {
    id: `deal-field-${field}`,
    name: field,
    label: label ?? dealFieldLabels[field],
    value,
    disabled,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  };

  if (field === 'dealStage') {
    return (
      <TextField {...common} select>
        <MenuItem value="">
          <em>Not set</em>
        </MenuItem>
        {dealStages.map((stage) => (
          <MenuItem key={stage} value={stage}>
            {stage}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const multiline = multilineDealFields.has(field);
  return <TextField {...common} multiline={multiline} minRows={multiline ? 3 : undefined} />;
}
