export { Menu, type MenuProps } from './Menu.tsx';
