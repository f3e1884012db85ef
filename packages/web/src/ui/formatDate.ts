import { format } from 'date-fns';

/** Spec 001 §9: dates are displayed as dd MMM yyyy. */
export const formatDisplayDate = (iso: string) => format(new Date(iso), 'dd MMM yyyy');

/** A date with its time, for when something happened (saves, transitions). */
export const formatDisplayDateTime = (iso: string) => format(new Date(iso), 'dd MMM yyyy, HH:mm');
