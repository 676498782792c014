export { AdStrip, type AdStripProps } from './AdStrip.tsx';
