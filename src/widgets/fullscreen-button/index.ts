import css from './fullscreen-button.css?inline';

export { FullscreenButton, type FullscreenButtonProps } from './FullscreenButton.tsx';
export {
  CSS_FULLSCREEN_CLASS,
  readFullscreenCookie,
  writeFullscreenCookie,
} from './fullscreen-button.utils.ts';
export { css as fullscreenButtonStyles };
