module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-passes', rootDir: __dirname };
