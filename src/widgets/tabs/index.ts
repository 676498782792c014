export { Tabs, isTabVisible, tabId, type TabOption, type TabsProps } from './Tabs.tsx';
