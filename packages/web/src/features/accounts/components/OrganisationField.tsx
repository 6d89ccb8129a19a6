import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { ORGANISATIONS, organisationByAbbr, type Organisation } from '@geria/domain';

export interface OrganisationFieldProps {
  label: string;
  value: string;
  onChange: (abbr: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

const optionLabel = (o: Organisation) => `${o.name} (${o.abbr}, ${o.country})`;

/** The study's organisations from the reference list, searchable by name, abbreviation or country. */
export function OrganisationField({ label, value, onChange, onBlur, error, disabled, required }: OrganisationFieldProps) {
  return (
    <Autocomplete
      options={ORGANISATIONS}
      value={organisationByAbbr(value) ?? null}
      onChange={(_e, option) => onChange(option?.abbr ?? '')}
      onBlur={onBlur}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.abbr === b.abbr}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />}
    />
  );
}
