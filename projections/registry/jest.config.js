module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-registry', rootDir: __dirname };
