module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-codes', rootDir: __dirname };
