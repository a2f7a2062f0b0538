module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-analytics', rootDir: __dirname };
