export { Leaders, type LeadersProps } from './Leaders.tsx';
