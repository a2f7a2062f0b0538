module.exports = { ...require('../../jest.preset.js'), displayName: 'projections-pages', rootDir: __dirname };
