export { Alerts, MessageBanner, type AlertsProps, type MessageBannerProps } from './Alerts.tsx';
