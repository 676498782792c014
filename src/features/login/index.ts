export { Login, SOCIAL_LOGIN_ERROR_EVENT, type LoginProps } from './Login.tsx';
