// Browser journeys: the shared preset in plain Node; Chromium does the rendering.
module.exports = {
  displayName: 'web-e2e',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  roots: ['<rootDir>/e2e'],
  testEnvironment: 'node',
  testMatch: ['**/*.e2e.spec.ts'],
};
