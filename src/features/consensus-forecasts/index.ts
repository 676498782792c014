export { ConsensusForecasts, type ConsensusForecastsProps } from './ConsensusForecasts.tsx';
