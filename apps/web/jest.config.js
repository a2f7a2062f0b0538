// Unit and component tests: the shared preset, run in jsdom because they render React.
module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/jsdom-shims.ts'],
  // Component CSS is Vite's business; in jsdom only the class names matter.
  moduleNameMapper: { '\\.css$': '<rootDir>/test/style-stub.js' },
};
