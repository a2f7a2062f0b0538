module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-identity', rootDir: __dirname };
