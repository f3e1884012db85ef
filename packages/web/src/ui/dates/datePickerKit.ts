// The date pickers' styles come with the pickers, not with every page.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/dates/styles.css';

export { DatePickerInput, DateTimePicker, TimeInput } from '@mantine/dates';
