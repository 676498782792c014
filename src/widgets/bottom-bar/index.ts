export { BottomBar, BottomBarIdle, type BottomBarProps } from './BottomBar.tsx';
export {
  BOTTOM_BAR_ATTRIBUTE,
  escapeBelongsElsewhere,
  keepFocusOnPage,
  layoutBottomBars,
} from './bottom-bar.utils.ts';
