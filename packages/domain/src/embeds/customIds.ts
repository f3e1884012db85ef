/** Spec 002 §5 media: the texts of a lookup that failed and of each custom provider's invalid id, letter for letter. */
export const EMBED_MESSAGES = {
  lookupFailed: 'Embed ID invalid',
  platformExtensionInvalid: 'LCM ID invalid',
  tickarooInvalid: 'The id is invalid',
  wrcErcInvalid: 'ID must be a number',
} as const;

/** The parts of a custom provider's reference id by name (spec 002 §3 embed reference id parts); a part not set is ''. */
export type EmbedParts = Readonly<Record<string, string>>;

/** Spec 002 §9: Tickaroo's client id is fixed; the editor picks the liveblog and one of these themes. */
export const TICKAROO_CLIENT_ID = '5a5e3b2f6c2a1b0d9e8f7a61';
export const TICKAROO_THEMES = ['ERC', 'RBCOM', 'WRC'] as const;

/** Spec 002 §3: the competitions of WRC/ERC standings and results. */
export const WRC_ERC_COMPETITIONS = ['wrc', 'erc'] as const;

/** Spec 002 §9: the spaces that set the competition themselves (wrcpromoter is the WRC promoter's space). */
const COMPETITION_OF_SPACE: Readonly<Record<string, (typeof WRC_ERC_COMPETITIONS)[number]>> = { wrc: 'wrc', wrcpromoter: 'wrc', erc: 'erc' };

/** Spec 002 §9: the competition an asset's space sets automatically, or undefined when the editor chooses it. */
export function competitionOfSpace(space: string): (typeof WRC_ERC_COMPETITIONS)[number] | undefined {
  return COMPETITION_OF_SPACE[space];
}

/** Spec 002 §9 XAlps: race types, map views, play speeds and the 33 team codes. */
export const XALPS_RACE_TYPES = ['race', 'prologue'] as const;
export const XALPS_MAP_VIEWS = ['2D', '3D'] as const;
export const XALPS_PLAY_SPEEDS = ['1', '2', '4', '8', '16', '32', '64'] as const;
export const XALPS_TEAMS = [
  'AUS', 'AUT1', 'AUT2', 'AUT3', 'AUT4', 'BEL2', 'BRA', 'CAN1', 'CAN2', 'CHN', 'CZE', 'ESP', 'FRA1', 'FRA2', 'FRA3', 'FRA4', 'FRA5',
  'GER1', 'GER2', 'GER4', 'ITA1', 'ITA2', 'ITA3', 'ITA4', 'MEX', 'NED', 'NOR', 'SUI1', 'SUI2', 'SUI3', 'SUI4', 'SVK', 'USA',
] as const;

/** Spec 002 §9 XAlps defaults (race time and teams start empty). */
export const XALPS_DEFAULTS: EmbedParts = {
  raceType: 'race',
  mainMapView: '3D',
  initialRaceTimeDate: '',
  initialPlaySpeed: '1',
  initialTeams: '',
  initialTopx: '5',
  initiallyCycleThroughAthletes: 'false',
  initiallyShowDashboard: 'true',
};

/** Spec 002 §3: the parts of each composed reference id, in the order they are written. */
export const CUSTOM_PARTS: Readonly<Record<string, readonly string[]>> = {
  'platform-extension': ['lcmId', 'embedId'],
  tickaroo: ['clientId', 'liveblogId', 'themeId'],
  'wrc-erc-results': ['competition', 'idSas'],
  xalps: Object.keys(XALPS_DEFAULTS),
};

/** Whether a provider's reference id is composed from parts (ZOE's is the chosen localization's id). */
export function isComposedProvider(provider: string): boolean {
  return CUSTOM_PARTS[provider] !== undefined;
}

const PLATFORM_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const OBJECT_ID = /^[0-9a-f]{24}$/i;
const NUMBER = /^\d{1,12}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;
const BOOLEAN = ['true', 'false'];

const oneOf = (allowed: readonly string[], value: string | undefined) => value !== undefined && allowed.includes(value);

/** Spec 002 §9: XAlps teams are a comma-separated list of team codes, each once. */
function isTeamList(value: string): boolean {
  const teams = value.split(',');
  return new Set(teams).size === teams.length && teams.every((team) => oneOf(XALPS_TEAMS, team));
}

/** Spec 002 §5: XAlps needs its required parts; the race time, teams and top x are optional (but must read when set). */
function isValidXalps(parts: EmbedParts): boolean {
  const { raceType, mainMapView, initialRaceTimeDate = '', initialPlaySpeed, initialTeams = '', initialTopx = '', initiallyCycleThroughAthletes, initiallyShowDashboard } = parts;
  return (
    oneOf(XALPS_RACE_TYPES, raceType) &&
    oneOf(XALPS_MAP_VIEWS, mainMapView) &&
    oneOf(XALPS_PLAY_SPEEDS, initialPlaySpeed) &&
    oneOf(BOOLEAN, initiallyCycleThroughAthletes) &&
    oneOf(BOOLEAN, initiallyShowDashboard) &&
    (initialRaceTimeDate === '' || (ISO_DATE_TIME.test(initialRaceTimeDate) && !Number.isNaN(Date.parse(initialRaceTimeDate)))) &&
    (initialTeams === '' || isTeamList(initialTeams)) &&
    (initialTopx === '' || /^[1-9]\d{0,2}$/.test(initialTopx))
  );
}

/**
 * Spec 002 §5 media: what is wrong with a custom provider's parts — null when they make a valid reference id, else
 * the provider's message (Platform Extension 'LCM ID invalid', Tickaroo 'The id is invalid', WRC/ERC 'ID must be a
 * number'; XAlps has none of its own and gets 'Embed ID invalid').
 */
export function customPartsProblem(provider: string, parts: EmbedParts): string | null {
  switch (provider) {
    case 'platform-extension':
      return PLATFORM_ID.test(parts.lcmId ?? '') && PLATFORM_ID.test(parts.embedId ?? '') ? null : EMBED_MESSAGES.platformExtensionInvalid;
    case 'tickaroo':
      return parts.clientId === TICKAROO_CLIENT_ID && OBJECT_ID.test(parts.liveblogId ?? '') && oneOf(TICKAROO_THEMES, parts.themeId) ? null : EMBED_MESSAGES.tickarooInvalid;
    case 'wrc-erc-results':
      return oneOf(WRC_ERC_COMPETITIONS, parts.competition) && NUMBER.test(parts.idSas ?? '') ? null : EMBED_MESSAGES.wrcErcInvalid;
    case 'xalps':
      return isValidXalps(parts) ? null : EMBED_MESSAGES.lookupFailed;
    default:
      return EMBED_MESSAGES.lookupFailed;
  }
}

/**
 * Spec 002 §3: a composed reference id — its parts as a query string in the provider's order (`lcmId=…&embedId=…`),
 * optional parts left out when empty, the values trimmed.
 */
export function composeReferenceId(provider: string, parts: EmbedParts): string {
  const names = CUSTOM_PARTS[provider] ?? [];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = (parts[name] ?? '').trim();
    if (value !== '') query.append(name, value);
  }
  return query.toString();
}

/** Spec 002 §3: a composed reference id back into its parts; null when it is not one of this provider's or is invalid. */
export function parseComposedReferenceId(provider: string, referenceId: string): EmbedParts | null {
  const names = CUSTOM_PARTS[provider];
  if (!names) return null;
  const query = new URLSearchParams(referenceId.trim());
  const keys = [...query.keys()];
  if (keys.some((key) => !names.includes(key)) || new Set(keys).size !== keys.length) return null;
  const parts = Object.fromEntries(names.map((name) => [name, query.get(name) ?? '']));
  if (customPartsProblem(provider, parts) !== null) return null;
  // The written form is the one composeReferenceId gives, so one embed has one reference id.
  return composeReferenceId(provider, parts) === referenceId.trim() ? parts : null;
}

/**
 * The parts a new custom embed starts with: XAlps' defaults, Tickaroo's fixed client id, and the competition the
 * asset's space sets (spec 002 §9).
 */
export function initialParts(provider: string, context: { space: string }): EmbedParts {
  const empty = Object.fromEntries((CUSTOM_PARTS[provider] ?? []).map((name) => [name, '']));
  switch (provider) {
    case 'xalps':
      return { ...XALPS_DEFAULTS };
    case 'tickaroo':
      return { ...empty, clientId: TICKAROO_CLIENT_ID };
    case 'wrc-erc-results':
      return { ...empty, competition: competitionOfSpace(context.space) ?? '' };
    default:
      return empty;
  }
}
