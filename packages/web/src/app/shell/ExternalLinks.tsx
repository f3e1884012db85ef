import { Button } from '@mantine/core';
import { IconCalendarEvent, IconChartBar, IconHelp, IconStar } from '@tabler/icons-react';
import type { AppConfig } from '@editor/domain';

const LINKS = [
  { key: 'help', label: 'Help', Icon: IconHelp },
  { key: 'featuring', label: 'Featuring', Icon: IconStar },
  { key: 'analytics', label: 'Analytics', Icon: IconChartBar },
  { key: 'editorialCalendar', label: 'Editorial Calendar', Icon: IconCalendarEvent },
] as const satisfies ReadonlyArray<{ key: keyof AppConfig['links']; label: string; Icon: unknown }>;

/** Spec 001 §2.1: the header's outside links; only the configured ones show, and they open in a new tab. */
export function ExternalLinks({ links }: { links: AppConfig['links'] }) {
  return LINKS.map(({ key, label, Icon }) => {
    const href = links[key];
    if (!href) return null;
    return (
      <Button
        key={key}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<Icon size={16} stroke={1.6} />}
      >
        {label}
      </Button>
    );
  });
}
