module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'qr-render',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/src/testing/jsdom-text-encoder.ts'],
};
