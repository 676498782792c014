export { RegistrationBanner, type RegistrationBannerProps } from './RegistrationBanner.tsx';
