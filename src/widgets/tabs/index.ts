import css from './tabs.css?inline';

export { Tabs, isTabVisible, tabId, type TabOption, type TabsProps } from './Tabs.tsx';
export { css as tabsStyles };
