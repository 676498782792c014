export { TermHint, type TermHintProps } from './TermHint.tsx';
