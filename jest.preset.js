// Shared Jest settings for every server-side project. @swc/jest compiles TypeScript with decorator
// metadata (Nest DI needs it) and, because NestJS 12 and some of its dependencies ship only ES
// modules, also transforms those packages to CommonJS: Jest's loader on Node 20 cannot load ESM.
// (@tabler: the web app imports each icon's own ES module rather than the CommonJS index of thousands.)
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const esmOnly = [
  '@nestjs',
  'vcard-creator',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  'cookie',
  '@borewit',
  '@seriousme',
  'content-disposition',
  'oidc-provider',
  'jose',
  '@tabler',
  // The staff's live poll screens read their event stream with it.
  'eventsource-parser',
];

const moduleNameMapper = Object.fromEntries(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]));

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper,
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testTimeout: 60000,
  // A failed assertion can leave a subscription's timer or a database open; CI must end regardless.
  forceExit: true,
};
