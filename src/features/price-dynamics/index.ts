export { PriceDynamics, type PriceDynamicsProps } from './PriceDynamics.tsx';
