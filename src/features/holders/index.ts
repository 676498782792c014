export { Holders, type HoldersProps } from './Holders.tsx';
