import { Checkbox, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { TICKAROO_THEMES, XALPS_MAP_VIEWS, XALPS_PLAY_SPEEDS, XALPS_RACE_TYPES, XALPS_TEAMS, type EmbedParts } from '@editor/domain';

interface PartFieldsProps {
  provider: string;
  parts: EmbedParts;
  onChange: (parts: EmbedParts) => void;
  /** The competition the asset's space sets (spec 002 §9): then it is not the editor's to choose. */
  isCompetitionFixed: boolean;
}

const COMPETITIONS = [
  { value: 'wrc', label: 'WRC' },
  { value: 'erc', label: 'ERC' },
];

/** Spec 002 §3 embed reference id parts: the fields of Platform Extension, Tickaroo, WRC/ERC and XAlps. */
export function EmbedPartFields({ provider, parts, onChange, isCompetitionFixed }: PartFieldsProps) {
  const set = (name: string) => (value: string) => onChange({ ...parts, [name]: value });
  const text = (name: string, label: string) => (
    <TextInput key={name} label={label} value={parts[name] ?? ''} onChange={(event) => set(name)(event.currentTarget.value)} />
  );
  const choice = (name: string, label: string, data: ReadonlyArray<string | { value: string; label: string }>, options: { disabled?: boolean } = {}) => (
    <Select key={name} label={label} data={[...data]} value={parts[name] || null} onChange={(value) => set(name)(value ?? '')} disabled={options.disabled} />
  );
  const flag = (name: string, label: string) => (
    <Checkbox key={name} label={label} checked={parts[name] === 'true'} onChange={(event) => set(name)(String(event.currentTarget.checked))} />
  );

  switch (provider) {
    case 'platform-extension':
      return (
        <SimpleGrid cols={2}>
          {text('lcmId', 'LCM ID')}
          {text('embedId', 'Embed ID')}
        </SimpleGrid>
      );
    case 'tickaroo':
      return (
        <SimpleGrid cols={2}>
          {text('liveblogId', 'Liveblog ID')}
          {choice('themeId', 'Theme', TICKAROO_THEMES)}
        </SimpleGrid>
      );
    case 'wrc-erc-results':
      return (
        <SimpleGrid cols={2}>
          {choice('competition', 'Competition', COMPETITIONS, { disabled: isCompetitionFixed })}
          {text('idSas', 'ID')}
        </SimpleGrid>
      );
    case 'xalps': {
      const teams = parts.initialTeams ? parts.initialTeams.split(',') : [];
      return (
        <SimpleGrid cols={2}>
          {choice('raceType', 'Race type', XALPS_RACE_TYPES)}
          {choice('mainMapView', 'Map view', XALPS_MAP_VIEWS)}
          {text('initialRaceTimeDate', 'Race time (ISO date and time)')}
          {choice('initialPlaySpeed', 'Play speed', XALPS_PLAY_SPEEDS)}
          <MultiSelect label="Teams" data={[...XALPS_TEAMS]} value={teams} searchable onChange={(next) => set('initialTeams')(next.join(','))} />
          {text('initialTopx', 'Top x')}
          {flag('initiallyCycleThroughAthletes', 'Cycle through athletes')}
          {flag('initiallyShowDashboard', 'Show dashboard')}
        </SimpleGrid>
      );
    }
    default:
      return null;
  }
}
