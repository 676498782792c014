export {
  DatePicker,
  type DateInputError,
  type DatePickerProps,
  type RangeChangeInfo,
  type RangeDatePickerProps,
  type SingleDatePickerProps,
} from './DatePicker.tsx';
export {
  DEFAULT_MAX_SPAN_YEARS,
  DEFAULT_SEPARATOR,
  type CalendarDay,
  type DateInputErrorKind,
} from './date-picker.model.ts';
