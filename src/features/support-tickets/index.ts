export { SupportTickets, type SupportTicketsProps } from './SupportTickets.tsx';
