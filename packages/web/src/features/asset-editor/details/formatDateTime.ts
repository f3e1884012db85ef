import { format } from 'date-fns';

/** A moment as the details tabs show it: the date as the cards show it (spec 001 §9 dd MMM yyyy), then the time. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'dd MMM yyyy, HH:mm');
}
