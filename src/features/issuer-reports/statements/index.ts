/** The IFRS and RAS statements: the section views and the pieces a derived view builds on. */
export { FinancialStatements, type FinancialStatementsProps } from './FinancialStatements.tsx';
export { StatementTable, type StatementTableProps } from './StatementTable.tsx';
export {
  formatFigure,
  reportStatements,
  statementLines,
  STATEMENT_KEYS,
  type Statement,
  type StatementKey,
  type StatementLine,
  type StatementView,
} from './statements.model.ts';
export { IFRS_SECTION, RAS_SECTION } from './statements.sections.ts';
