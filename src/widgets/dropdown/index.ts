import css from './dropdown.css?inline';

export {
  Dropdown,
  isOptionVisible,
  typeaheadIndex,
  type DropdownOption,
  type DropdownProps,
} from './Dropdown.tsx';
export { css as dropdownStyles };
