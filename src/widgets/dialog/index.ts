import css from './dialog.css?inline';

export { Dialog, type DialogProps } from './Dialog.tsx';
export { css as dialogStyles };
