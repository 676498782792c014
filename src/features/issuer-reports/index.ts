export { IssuerReports, type IssuerReportsProps } from './IssuerReports.tsx';
