export { LeftMenu, type LeftMenuProps } from './LeftMenu.tsx';
