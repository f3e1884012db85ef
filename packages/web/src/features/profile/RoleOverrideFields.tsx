import { MultiSelect, Stack, Switch } from '@mantine/core';
import { ROLES, isRole, type RoleOverride } from '@editor/domain';

interface RoleOverrideFieldsProps {
  isOn: boolean;
  value: RoleOverride;
  /** Every space and locale of the installation. */
  choices: { spaces: readonly string[]; localizations: readonly string[] };
  onToggle: (isOn: boolean) => void;
  onChange: (value: RoleOverride) => void;
}

/** Spec 001 §2.9, §6: the custom role configuration of technical admins. */
export function RoleOverrideFields({ isOn, value, choices, onToggle, onChange }: RoleOverrideFieldsProps) {
  return (
    <Stack gap="sm">
      <Switch label="Custom role configuration" checked={isOn} onChange={(event) => onToggle(event.currentTarget.checked)} />
      {isOn && (
        <>
          <MultiSelect
            label="Roles"
            data={[...ROLES]}
            value={value.roles}
            onChange={(roles) => onChange({ ...value, roles: roles.filter(isRole) })}
            searchable
            clearable
          />
          <MultiSelect
            label="Spaces"
            data={[...choices.spaces]}
            value={value.spaces}
            onChange={(spaces) => onChange({ ...value, spaces })}
            searchable
            clearable
          />
          <MultiSelect
            label="Localisations"
            data={[...choices.localizations]}
            value={value.localizations}
            onChange={(localizations) => onChange({ ...value, localizations })}
            searchable
            clearable
          />
        </>
      )}
    </Stack>
  );
}
