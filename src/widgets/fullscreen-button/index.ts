export { FullscreenButton, type FullscreenButtonProps } from './FullscreenButton.tsx';
export {
  CSS_FULLSCREEN_CLASS,
  readFullscreenCookie,
  writeFullscreenCookie,
} from './fullscreen-button.utils.ts';
