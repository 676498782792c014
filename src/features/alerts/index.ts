export { Alerts, MessageBanner, type MessageBannerProps } from './Alerts.tsx';
