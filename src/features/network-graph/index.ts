export { NetworkGraph, NETWORK_GRAPH_TAG, type NetworkGraphProps } from './NetworkGraph.tsx';
