module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-promos', rootDir: __dirname };
