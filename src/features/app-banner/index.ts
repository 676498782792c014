export { AppBanner, DEMO_STORE_URLS, type AppBannerProps } from './AppBanner.tsx';
