import type { DashboardEvent } from '@editor/domain';
import type { EventRow } from './repository.ts';

const listOf = (value: string) => value.split(',').filter(Boolean);

/** Spec 001 §3 Event: one stored event as the events calls answer it. */
export function presentEvent(row: EventRow): DashboardEvent {
  const locales = listOf(row.locales);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source as DashboardEvent['source'],
    meppRef: row.mepp_ref,
    rbuRef: row.rbu_ref,
    translations: locales.filter((locale) => locale !== row.locale),
    tags: JSON.parse(row.tags) as string[],
    spaces: listOf(row.spaces),
    locale: row.locale,
    startDate: { dateTimeUTC: row.start_utc, targetTimezone: row.time_zone },
    endDate: { dateTimeUTC: row.end_utc, targetTimezone: row.time_zone },
    location: { countryCode: row.country_code, countryName: row.country_name, city: row.city, lat: Number(row.latitude), lng: Number(row.longitude) },
    series: row.series,
    hostedByProduct: row.hosted_by_product === 1,
    status: row.status as DashboardEvent['status'],
    featuredImage: row.image_url ? { imageUrl: row.image_url } : null,
  };
}
