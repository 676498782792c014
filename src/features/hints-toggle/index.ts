export { HintsToggle, type HintsToggleProps } from './HintsToggle.tsx';
