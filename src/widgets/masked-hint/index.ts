export {
  DEFAULT_ACCESS_URL,
  DEFAULT_LOGIN_URL,
  MaskedHint,
  hasMaskedValue,
  type MaskedHintProps,
} from './MaskedHint.tsx';

/** Styles of the hint: elements that render it add them to their shadow-root styles. */
export const maskedHintStyles = `
.fin-masked-hint {
  margin: 8px 0 0;
  color: var(--fin-muted);
  font-size: 0.93em;
}
`;
