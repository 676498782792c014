import { define } from '../src/runtime/define.tsx';
import { Login, type LoginProps } from '../src/features/login/index.ts';

/**
 * @summary Sign-in by SMS code: the phone form, then the code form with the 30 s resend countdown; after signing in every element of the page knows the user and the page goes back to `back`.
 * @attr back - where to go after signing in: a path on this site (anything else keeps the page)
 * @event fin-sign-in - the session signed in; detail `{user}` (the user globals)
 * @event fin-error - the element could not render; detail `{tag, message}`
 * @csspart block - the whole block
 * @csspart form - the phone form and the code form
 * @csspart button - the forms' submit buttons
 * @csspart link-button - "send the code again"
 * @csspart message - the line saying why a form was refused
 * @cssproperty --fin-color-accent - buttons and links
 * @cssproperty --fin-font-family - font of the element
 * @example <fin-login back="/"></fin-login>
 */
define<LoginProps>('fin-login', Login, {
  props: { back: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'fin-login': HTMLElement & LoginProps;
  }
}
