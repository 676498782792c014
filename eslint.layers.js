/**
 * The layers of DESIGN §2 as lint rules: an import only points down,
 *   src/contract ← src/core ← src/runtime ← src/widgets ← src/features ← elements,
 * a feature never imports another feature, widgets make no calls, and the reference server and
 * the demo-data generator use nothing of src/ but src/contract (the generator never the server).
 * demo-pages/tools/layers.test.ts proves each rule fires on a wrong import.
 */
const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'nanostores', '@nanostores/*', '@r2wc/*'];

const above = (...layers) =>
  layers.map((layer) => ({
    regex: `(^|/)(src/)?${layer}/|^(\\.\\./)+${layer}/`,
    message: `Imports point down only (DESIGN §2): this layer may not import ${layer}/.`,
  }));

const rule = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

export const layerRules = [
  rule(
    ['src/contract/**'],
    [
      ...above('core', 'runtime', 'widgets', 'features', 'elements'),
      { group: UI_PACKAGES, message: 'src/contract is shapes and rules only: no React, no stores.' },
    ],
  ),
  rule(
    ['src/core/**'],
    [
      ...above('runtime', 'widgets', 'features', 'elements'),
      { group: ['react', 'react-dom', 'react-dom/*', '@r2wc/*'], message: 'src/core is framework-free.' },
    ],
  ),
  rule(['src/runtime/**'], above('widgets', 'features', 'elements')),
  rule(
    ['src/widgets/**'],
    [
      ...above('features', 'elements'),
      { regex: '(^|/)core/api/', message: 'Widgets are UI only: calls belong to features (DESIGN §2).' },
    ],
  ),
  rule(
    ['src/features/*/*'],
    [
      ...above('elements'),
      {
        regex: '^\\.\\./(?!\\.\\./)',
        message:
          'A feature never imports another feature: move what both need down, or compose the element by its tag.',
      },
    ],
  ),
  // A feature's tests register its element to test it as a page would.
  rule(
    ['src/features/*/*.test.{ts,tsx}', 'src/features/*/*.e2e.ts'],
    [
      {
        regex: '^\\.\\./(?!\\.\\./)',
        message:
          'A feature never imports another feature: move what both need down, or compose the element by its tag.',
      },
    ],
  ),
  rule(
    ['demo-pages/server/**', 'demo-pages/data/**'],
    [
      {
        regex: '(^|/)src/(?!contract/)',
        message: 'The reference server and the generator import nothing of src/ but src/contract.',
      },
    ],
  ),
  rule(
    ['demo-pages/data/**'],
    [
      { regex: '(^|/)server/', message: 'The demo-data generator never imports the server.' },
      { regex: '(^|/)src/(?!contract/)', message: 'The generator imports nothing of src/ but src/contract.' },
    ],
  ),
];
