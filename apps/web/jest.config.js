// Unit and component tests: the shared preset, run in jsdom because they render React.
module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/jsdom-shims.ts'],
  // Component CSS is Vite's business; in jsdom only the class names matter.
  // keycloak-js needs an identity provider; component tests get a stand-in (src/testing/fake-keycloak.ts).
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/style-stub.js',
    '^keycloak-js$': '<rootDir>/src/testing/fake-keycloak.ts',
    '^@qr/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
    '^@qr/domain$': '<rootDir>/../../libs/domain/src/index.ts',
    // Specs only: the decoders that read back a code the app draws.
    '^@qr/qr-render$': '<rootDir>/../../libs/qr-render/src/index.ts',
    '^@qr/qr-render/testing$': '<rootDir>/../../libs/qr-render/src/testing/encoded-text.ts',
  },
};
