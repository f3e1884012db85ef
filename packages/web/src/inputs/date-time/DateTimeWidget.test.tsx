import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DateKind, InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { loadDatePickers } from '../../ui/dates/DatePickers.tsx';

function dateInput(name: string, label: string, dateKind: DateKind): InputDefinition {
  return { name, type: 'date-time', constraints: { dateKind }, view: { label } };
}

const birthDate = dateInput('birth-date', 'Birth date', 'DATE');
const playability = dateInput('playability-start-date', 'Playable from', 'DATETIME');
const scheduleDate = dateInput('schedule-item-date', 'Date', 'DATE_OR_DATETIME');

const viennaMorning = { date: '2026-03-01T09:30:00Z', isDateOnly: false, timezone: 'Europe/Vienna' };

/** The browser's zone as the widget reads it. */
function browserZoneIs(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

// The pickers load on first use in the app; here they are there before the first render.
beforeAll(() => loadDatePickers());

beforeEach(() => {
  // Only the clock: the calendar opens on "today", and user events keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

// The calendar and zone popovers are heavy in jsdom; on shared cores a test can pass the default 5 s.
describe('DateTimeWidget', { timeout: 15_000 }, () => {
  it('stores a picked date of a DATE input as that day in the browser zone, without time or switch', async () => {
    browserZoneIs('Europe/Vienna');
    const { user, valueOf } = renderField(birthDate);
    expect(screen.queryByRole('switch', { name: 'Include Time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Time' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Birth date' }));
    await user.click(await screen.findByRole('button', { name: '15 March 2026' }));
    expect(valueOf()).toEqual({ date: '2026-03-15', isDateOnly: true, timezone: 'Europe/Vienna' });
  });

  it('shows a stored calendar date as that day', () => {
    renderField(birthDate, { 'birth-date': { date: '1990-05-17', isDateOnly: true, timezone: 'UTC' } });
    expect(screen.getByRole('button', { name: 'Birth date' })).toHaveTextContent('17 May 1990');
  });

  it('always asks a DATETIME input for the time, in the stored zone, without the switch', () => {
    renderField(playability, { 'playability-start-date': viennaMorning });
    expect(screen.getByRole('button', { name: 'Playable from' })).toHaveTextContent('1 Mar 2026');
    expect(screen.getByLabelText('Time')).toHaveValue('10:30');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Vienna');
    expect(screen.queryByRole('switch', { name: 'Include Time' })).not.toBeInTheDocument();
  });

  it('stores a changed time as the instant in UTC', () => {
    const { valueOf } = renderField(playability, { 'playability-start-date': viennaMorning });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:45' } });
    expect(valueOf()).toEqual({ date: '2026-03-01T17:45:00Z', isDateOnly: false, timezone: 'Europe/Vienna' });
  });

  it('keeps the wall clock when the zone changes, and reads it back in the new zone', async () => {
    const { user, valueOf } = renderField(playability, { 'playability-start-date': viennaMorning });
    // The search is pasted over the shown zone: the list opens already filtered (all 400-odd zones are slow in jsdom).
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    act(() => {
      zone.focus();
      (zone as HTMLInputElement).select();
    });
    await user.paste('New_York');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    expect(valueOf()).toEqual({ date: '2026-03-01T15:30:00Z', isDateOnly: false, timezone: 'America/New_York' });
    expect(screen.getByLabelText('Time')).toHaveValue('10:30');
    expect(screen.getByRole('button', { name: 'Playable from' })).toHaveTextContent('1 Mar 2026');
  });

  it('strips milliseconds from what it stores', async () => {
    const { user, valueOf } = renderField(playability, { 'playability-start-date': { ...viennaMorning, date: '2026-03-01T09:30:00.789Z' } });
    expect(screen.getByLabelText('Time')).toHaveValue('10:30');
    await user.click(screen.getByRole('button', { name: 'Playable from' }));
    await user.click(await screen.findByRole('button', { name: '2 March 2026' }));
    expect(valueOf()).toEqual({ date: '2026-03-02T09:30:00Z', isDateOnly: false, timezone: 'Europe/Vienna' });
  });

  it('offers the Include Time switch for DATE_OR_DATETIME and toggles date only versus date and time', async () => {
    const { user, valueOf } = renderField(scheduleDate, { 'schedule-item-date': viennaMorning });
    const includeTime = screen.getByRole('switch', { name: 'Include Time' });
    expect(includeTime).toBeChecked();
    await user.click(includeTime);
    expect(valueOf()).toEqual({ date: '2026-03-01', isDateOnly: true, timezone: 'Europe/Vienna' });
    expect(includeTime).not.toBeChecked();
    expect(screen.queryByLabelText('Time')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Date' })).toHaveTextContent('1 Mar 2026');
    await user.click(includeTime);
    expect(valueOf()).toEqual({ date: '2026-02-28T23:00:00Z', isDateOnly: false, timezone: 'Europe/Vienna' });
    expect(screen.getByLabelText('Time')).toHaveValue('00:00');
  });

  it('starts a new value in the browser zone, with time, and picks the time after the date', async () => {
    browserZoneIs('America/New_York');
    const { user, valueOf } = renderField(scheduleDate);
    expect(screen.getByRole('switch', { name: 'Include Time' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    expect(screen.getByLabelText('Time')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await user.click(await screen.findByRole('button', { name: '20 March 2026' }));
    expect(valueOf()).toEqual({ date: '2026-03-20T04:00:00Z', isDateOnly: false, timezone: 'America/New_York' });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:00' } });
    expect(valueOf()).toEqual({ date: '2026-03-20T23:00:00Z', isDateOnly: false, timezone: 'America/New_York' });
  });

  it('picks a date only when the switch is turned off before a date is picked', async () => {
    browserZoneIs('UTC');
    const { user, valueOf } = renderField(scheduleDate);
    await user.click(screen.getByRole('switch', { name: 'Include Time' }));
    expect(valueOf()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await user.click(await screen.findByRole('button', { name: '20 March 2026' }));
    expect(valueOf()).toEqual({ date: '2026-03-20', isDateOnly: true, timezone: 'UTC' });
  });

  it('stores undefined when the date is cleared', async () => {
    const { user, valueOf } = renderField(scheduleDate, { 'schedule-item-date': viennaMorning });
    await user.click(screen.getByLabelText('Clear'));
    expect(valueOf()).toBeUndefined();
  });

  it('disables every control on a read-only asset', () => {
    renderField(scheduleDate, { 'schedule-item-date': viennaMorning }, { isReadonly: true });
    expect(screen.getByRole('button', { name: 'Date' })).toBeDisabled();
    expect(screen.getByLabelText('Time')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Include Time' })).toBeDisabled();
  });

  it('marks a required input and touches it on blur', async () => {
    const { user, store } = renderField({ ...scheduleDate, constraints: { dateKind: 'DATE_OR_DATETIME', required: true } });
    await user.click(screen.getByRole('switch', { name: 'Include Time' }));
    await user.tab();
    expect(store.getState().touched['schedule-item-date']).toBe(true);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });
});
