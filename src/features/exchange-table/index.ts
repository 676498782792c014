export { ExchangeTable, type ExchangeTableProps } from './ExchangeTable.tsx';
