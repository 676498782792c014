export { AccessRequests, type AccessRequestsProps } from './AccessRequests.tsx';
