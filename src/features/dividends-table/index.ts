export { DividendsTable, type DividendsTableProps } from './DividendsTable.tsx';
