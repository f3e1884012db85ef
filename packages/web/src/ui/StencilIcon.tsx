import {
  IconArticle,
  IconBadge,
  IconBallFootball,
  IconBottle,
  IconBrandYoutube,
  IconBriefcase,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconCalendarStats,
  IconCategory,
  IconConfetti,
  IconDeviceTv,
  IconExternalLink,
  IconFile,
  IconHierarchy2,
  IconLayoutGrid,
  IconLibraryPhoto,
  IconMicrophone,
  IconMicrophone2,
  IconMovie,
  IconPalette,
  IconPencil,
  IconPhoto,
  IconPlayerPlay,
  IconPlayerTrackPrev,
  IconRun,
  IconSpeakerphone,
  IconStack2,
  IconTag,
  IconUsersGroup,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';

/**
 * The Tabler icons the shipped stencils name (`icon` in `packages/server/stencils/*.json`). Importing the whole
 * icon set to look any name up would put thousands of icons in the bundle; a name not listed here shows a
 * generic file icon.
 */
const STENCIL_ICONS: Readonly<Record<string, TablerIcon>> = {
  article: IconArticle,
  badge: IconBadge,
  'ball-football': IconBallFootball,
  bottle: IconBottle,
  'brand-youtube': IconBrandYoutube,
  briefcase: IconBriefcase,
  'calendar-event': IconCalendarEvent,
  'calendar-repeat': IconCalendarRepeat,
  'calendar-stats': IconCalendarStats,
  category: IconCategory,
  confetti: IconConfetti,
  'device-tv': IconDeviceTv,
  'external-link': IconExternalLink,
  'hierarchy-2': IconHierarchy2,
  'layout-grid': IconLayoutGrid,
  'library-photo': IconLibraryPhoto,
  microphone: IconMicrophone,
  'microphone-2': IconMicrophone2,
  movie: IconMovie,
  palette: IconPalette,
  pencil: IconPencil,
  photo: IconPhoto,
  'player-play': IconPlayerPlay,
  'player-track-prev': IconPlayerTrackPrev,
  run: IconRun,
  speakerphone: IconSpeakerphone,
  'stack-2': IconStack2,
  tag: IconTag,
  'users-group': IconUsersGroup,
  video: IconVideo,
};

/** A stencil's icon by its Tabler name; decorative, so the label next to it names the stencil. */
export function StencilIcon({ name, size = 16, stroke = 1.6 }: { name: string; size?: number | string; stroke?: number }) {
  const Component = STENCIL_ICONS[name] ?? IconFile;
  return <Component size={size} stroke={stroke} aria-hidden data-icon={name} />;
}
