module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-customers', rootDir: __dirname };
