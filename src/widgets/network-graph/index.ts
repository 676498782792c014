export { NetworkGraphCanvas, type NetworkGraphCanvasProps } from './NetworkGraphCanvas.tsx';
export type { GraphData, GraphEdge, GraphNode, Point } from './graph.types.ts';
export { nodeSizes, type GraphLayoutInput } from './graph.options.ts';
// The engine type only: vis-network itself loads lazily (vis-engine.ts).
export type { GraphEngine } from './vis-engine.ts';
