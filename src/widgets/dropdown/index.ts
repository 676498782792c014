export {
  Dropdown,
  isOptionVisible,
  typeaheadIndex,
  type DropdownOption,
  type DropdownProps,
} from './Dropdown.tsx';
